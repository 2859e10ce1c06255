/** A cookie as both levels' browser contexts take it (Playwright's and tests/nojs's). */
type Cookie = {
  name: string;
  value: string;
  domain: string;
  path: string;
  expires: number;
  httpOnly: boolean;
  secure: boolean;
  sameSite: "Lax";
};

/**
 * This browser reads Urdu (decision 101): its device's `fl_lang` cookie, set without posting the
 * switch, which would save Urdu for the signed-in user whom other specs share. Both levels'
 * servers are at 127.0.0.1 (playwright.config.ts).
 */
export async function readInUrdu(page: { context(): { addCookies(cookies: Cookie[]): Promise<void> } }): Promise<void> {
  await page.context().addCookies([
    {
      name: "fl_lang",
      value: "ur",
      domain: "127.0.0.1",
      path: "/",
      expires: -1,
      httpOnly: true,
      secure: false,
      sameSite: "Lax",
    },
  ]);
}
