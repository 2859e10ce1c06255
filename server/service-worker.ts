import type { ServerBuild } from "react-router";
import worker from "./service-worker/worker.js?raw";

/** The routes whose modules the service worker keeps: what the feed and New Post need offline. */
export const SHELL_ROUTES = ["root", "routes/shell/layout", "routes/feed/home", "routes/posts/new-post", "routes/posts/post"];

/** The built files of the app shell: the route manifest, the entry and the shell routes' modules. */
export function shellAssets(assets: ServerBuild["assets"]): string[] {
  const files = new Set([assets.url, assets.entry.module, ...assets.entry.imports]);
  for (const id of SHELL_ROUTES) {
    const route = assets.routes[id];
    if (!route) continue;
    for (const file of [route.module, ...(route.imports ?? []), ...(route.css ?? [])]) files.add(file);
  }
  return [...files];
}

/** /sw.js: the worker with this build's version and shell in front, so each build installs anew. */
export function serviceWorkerScript(assets: ServerBuild["assets"]): string {
  return `const VERSION = ${JSON.stringify(assets.version)};\nconst SHELL = ${JSON.stringify(shellAssets(assets))};\n\n${worker}`;
}
