/**
 * Runs `task` after the current answer has gone out, so its time is not part of the answer's:
 * for work whose duration would tell an outsider something (whether an email has an account).
 * A failure is logged; nobody is waiting for it.
 */
export function afterAnswer(label: string, task: () => Promise<unknown>): void {
  setImmediate(() => {
    task().catch((error: unknown) => console.error(`[${label}]`, error instanceof Error ? error.message : error));
  });
}
