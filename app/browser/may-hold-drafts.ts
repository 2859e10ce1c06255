/**
 * Whether this tab may keep a draft from an expired session (browser/drafts.ts, loaded only then).
 * Reading sessionStorage throws where the browser refuses storage: then there is none.
 */
export function tabMayHoldDrafts(): boolean {
  try {
    return sessionStorage.length > 0;
  } catch {
    return false;
  }
}
