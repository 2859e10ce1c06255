// The first load of a page as the phone downloads it: every script the page fetches until the
// network is idle (the modules loaded after the page included), counted in bytes over the wire
// (Chromium's encodedDataLength: the compressed body and the response's headers), in a fresh
// browser profile with an empty cache, signed in through the login form.
import { chromium } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./chromium.mjs";

/**
 * `{ bytes, files: [{ url, bytes }] }` of the JavaScript that the first load of `path` moves, read
 * in `language` (the device's `fl_lang` cookie) when one is given.
 */
export async function firstLoadJavaScript(baseUrl, path, { username, password }, { language } = {}) {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const signingIn = await browser.newContext({ baseURL: baseUrl });
    const login = await signingIn.newPage();
    await login.goto("/login");
    await login.locator('input[name="username"]').fill(username);
    await login.locator('input[name="password"]').fill(password);
    await login.getByRole("button", { name: "Sign In" }).click();
    await login.waitForURL((url) => url.pathname !== "/login");
    if (language) await signingIn.addCookies([{ name: "fl_lang", value: language, url: baseUrl }]);
    const storageState = await signingIn.storageState();
    await signingIn.close();

    // A new context: its HTTP cache is empty and no service worker is installed yet.
    const context = await browser.newContext({ baseURL: baseUrl, storageState, viewport: { width: 360, height: 740 } });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    const scripts = new Map();
    const files = [];
    cdp.on("Network.responseReceived", ({ requestId, type, response }) => {
      if (type === "Script") scripts.set(requestId, response.url);
    });
    cdp.on("Network.loadingFinished", ({ requestId, encodedDataLength }) => {
      const url = scripts.get(requestId);
      if (url) files.push({ url: new URL(url).pathname, bytes: encodedDataLength });
    });
    const response = await page.goto(path, { waitUntil: "networkidle" });
    if (response?.status() !== 200 || new URL(page.url()).pathname !== path)
      throw new Error(`${path} answered ${response?.status()} at ${page.url()}`);
    await context.close();
    return { bytes: files.reduce((sum, file) => sum + file.bytes, 0), files };
  } finally {
    await browser.close();
  }
}
