// The first load of a page as the phone downloads it: every script the page fetches until the
// network is idle (the modules loaded after the page included), counted in bytes over the wire
// (Chromium's encodedDataLength: the compressed body and the response's headers), in a fresh
// browser profile with an empty cache, signed in through the login form; and in Lite mode, every
// file a page moves (Lite pages load no script: their whole weight is the HTML, the CSS and images).
import { chromium } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./chromium.mjs";

/**
 * `{ bytes, files: [{ url, bytes }] }` of the JavaScript that the first load of `path` moves, read
 * in `language` (the device's `fl_lang` cookie) when one is given.
 */
export async function firstLoadJavaScript(baseUrl, path, officer, { language } = {}) {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const storageState = await signedIn(browser, baseUrl, officer, language ? { fl_lang: language } : {});
    const { files } = await firstLoad(browser, baseUrl, storageState, path);
    const scripts = files.filter((file) => file.type === "Script");
    return { bytes: scripts.reduce((sum, file) => sum + file.bytes, 0), files: scripts };
  } finally {
    await browser.close();
  }
}

/**
 * What each of `paths` moves over the wire in Lite mode (the `fl_lite=on` cookie: no scripts),
 * every file counted, each page loaded with an empty cache as Lighthouse does: `[{ path, bytes }]`.
 */
export async function litePageTransfer(baseUrl, paths, officer, { language } = {}) {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const cookies = { fl_lite: "on", ...(language ? { fl_lang: language } : {}) };
    const storageState = await signedIn(browser, baseUrl, officer, cookies);
    const pages = [];
    for (const path of paths) {
      const { files } = await firstLoad(browser, baseUrl, storageState, path);
      pages.push({ path, bytes: files.reduce((sum, file) => sum + file.bytes, 0) });
    }
    return pages;
  } finally {
    await browser.close();
  }
}

/** The session of `officer` signed in through the login form, with these cookies beside it. */
async function signedIn(browser, baseUrl, { username, password }, cookies) {
  const signingIn = await browser.newContext({ baseURL: baseUrl });
  const login = await signingIn.newPage();
  await login.goto("/login");
  await login.locator('input[name="username"]').fill(username);
  await login.locator('input[name="password"]').fill(password);
  await login.getByRole("button", { name: "Sign In" }).click();
  await login.waitForURL((url) => url.pathname !== "/login");
  await signingIn.addCookies(Object.entries(cookies).map(([name, value]) => ({ name, value, url: baseUrl })));
  const storageState = await signingIn.storageState();
  await signingIn.close();
  return storageState;
}

/** Every file the first load of `path` moves until the network is idle: `{ files: [{ url, type, bytes }] }`. */
async function firstLoad(browser, baseUrl, storageState, path) {
  // A new context: its HTTP cache is empty and no service worker is installed yet.
  const context = await browser.newContext({ baseURL: baseUrl, storageState, viewport: { width: 360, height: 740 } });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    const responses = new Map();
    const files = [];
    cdp.on("Network.responseReceived", ({ requestId, type, response }) => {
      responses.set(requestId, { url: response.url, type });
    });
    cdp.on("Network.loadingFinished", ({ requestId, encodedDataLength }) => {
      const response = responses.get(requestId);
      if (response) files.push({ url: new URL(response.url).pathname, type: response.type, bytes: encodedDataLength });
    });
    const response = await page.goto(path, { waitUntil: "networkidle" });
    if (response?.status() !== 200 || new URL(page.url()).pathname !== path)
      throw new Error(`${path} answered ${response?.status()} at ${page.url()}`);
    return { files };
  } finally {
    await context.close();
  }
}
