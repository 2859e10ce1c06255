import fs from "node:fs";
import type { ServerBuild } from "react-router";
import worker from "./service-worker/worker.js?raw";

/** The routes whose modules the service worker keeps: what the feed and New Post need offline. */
const SHELL_ROUTES = ["root", "routes/shell/layout", "routes/feed/home", "routes/posts/new-post", "routes/posts/post"];

/**
 * Modules those routes load after the page (dynamic imports), which must load offline too. Not the
 * map picker: without a connection it has no tiles. A module also imported statically (drafts, the
 * request guard, the toaster) has no chunk of its own: it comes with the routes' modules.
 */
const SHELL_LAZY_MODULES = [
  "app/components/shell/send-queue-status.tsx",
  "app/models/post.validation.ts",
  // New Post makes a photo smaller before it is kept offline with its post.
  "app/browser/shrink-photo.ts",
];

/** The icon sprite every page draws its icons from (a file of its own, not a module). */
const SHELL_FILES = ["app/components/icons.svg"];

/** The part of Vite's build manifest (build/client/.vite/manifest.json) read here. */
export type ViteManifest = Record<string, { file: string; imports?: string[]; css?: string[] }>;

/** Reads Vite's client build manifest; none (in development) means no lazy modules to keep. */
export function readViteManifest(file = "build/client/.vite/manifest.json"): ViteManifest {
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, "utf8")) as ViteManifest) : {};
}

/** The built files of the lazy shell modules and of everything they import. */
/** The built files of the chunks with these keys in Vite's manifest, with their CSS and their static imports. */
function chunksWithImports(manifest: ViteManifest, keys: string[]): string[] {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(`/${chunk.file}`)) return;
    files.add(`/${chunk.file}`);
    for (const css of chunk.css ?? []) files.add(`/${css}`);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return [...files];
}

/** The built files of the app shell: the route manifest, the entry, the shell routes' modules, their lazy modules and the icon sprite. */
export function shellAssets(assets: ServerBuild["assets"], manifest: ViteManifest = {}): string[] {
  const files = new Set([assets.url, assets.entry.module, ...assets.entry.imports]);
  const splitChunks: string[] = [];
  for (const id of SHELL_ROUTES) {
    const route = assets.routes[id];
    if (!route) continue;
    for (const file of [route.module, ...(route.imports ?? []), ...(route.css ?? [])]) files.add(file);
    // React Router may split a route's client action, loader or middleware into chunks of their own.
    for (const chunk of [
      route.clientActionModule,
      route.clientLoaderModule,
      route.clientMiddlewareModule,
      route.hydrateFallbackModule,
    ]) {
      if (chunk) splitChunks.push(chunk);
    }
  }
  for (const file of splitChunks) files.add(file);
  const splitKeys = Object.keys(manifest).filter((key) => splitChunks.includes(`/${manifest[key]?.file}`));
  for (const file of chunksWithImports(manifest, [...splitKeys, ...SHELL_LAZY_MODULES, ...SHELL_FILES]))
    files.add(file);
  return [...files];
}

/**
 * /sw.js: the worker with this build's version and shell in front, so each build installs anew,
 * and the app's time zone, in which it says when a saved copy was made.
 */
export function serviceWorkerScript(
  assets: ServerBuild["assets"],
  manifest: ViteManifest = {},
  timeZone = "Asia/Karachi",
): string {
  return `const VERSION = ${JSON.stringify(assets.version)};\nconst SHELL = ${JSON.stringify(shellAssets(assets, manifest))};\nconst TIME_ZONE = ${JSON.stringify(timeZone)};\n\n${worker}`;
}
