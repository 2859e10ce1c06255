import { AppError } from "~/lib/app-error";
import { describe, expect, it } from "vitest";
import type { ServerBuild } from "react-router";
import { isSubmissionKey, newSubmissionKey } from "~/lib/submission-key";
import { submissionKeyFromForm, submissionKeyFromHeader } from "~/infra/idempotency.server";
import { serviceWorkerScript, shellAssets, type ViteManifest } from "../../server/service-worker";

describe("submission keys", () => {
  it("are 32 random hex digits, accepted by the server's check", () => {
    const keys = new Set(Array.from({ length: 100 }, newSubmissionKey));
    expect(keys.size).toBe(100);
    for (const key of keys) expect(key).toMatch(/^[0-9a-f]{32}$/);
    expect([...keys].every(isSubmissionKey)).toBe(true);
  });

  it("the header is optional and refused when malformed; a malformed form field is only ignored", async () => {
    const request = (key?: string) =>
      new Request("http://local/api/posts", {
        method: "POST",
        headers: key === undefined ? {} : { "Idempotency-Key": key },
      });
    expect(submissionKeyFromHeader(request())).toBeUndefined();
    expect(submissionKeyFromHeader(request("0b6f3c1e-9d2a-4f7b-8c55-2f1e0a9b7d31"))).toEqual({
      value: "0b6f3c1e-9d2a-4f7b-8c55-2f1e0a9b7d31",
      from: "header",
    });
    for (const bad of ["short", "with spaces in the key!", "x".repeat(101)]) {
      let thrown: unknown;
      try {
        submissionKeyFromHeader(request(bad));
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(AppError);
      expect((thrown as AppError).status).toBe(400);
    }
    const form = new FormData();
    form.set("idempotencyKey", "<script>");
    expect(submissionKeyFromForm(form)).toBeUndefined();
    form.set("idempotencyKey", "a".repeat(32));
    expect(submissionKeyFromForm(form)).toEqual({ value: "a".repeat(32), from: "form" });
  });
});

describe("the service worker script", () => {
  const assets = {
    version: "abc123",
    url: "/assets/manifest-abc123.js",
    entry: { module: "/assets/entry.client.js", imports: ["/assets/react-dom.js"] },
    routes: {
      root: { module: "/assets/root.js", imports: ["/assets/react-dom.js"], css: ["/assets/root.css"] },
      "routes/feed/home": { module: "/assets/home.js", imports: ["/assets/post-card.js"] },
      "routes/map/dealer-map": { module: "/assets/dealer-map.js", imports: ["/assets/leaflet.js"] },
    },
  } as unknown as ServerBuild["assets"];

  it("keeps the shell's modules once each, and not the other routes' (the map's Leaflet)", () => {
    expect(shellAssets(assets)).toEqual([
      "/assets/manifest-abc123.js",
      "/assets/entry.client.js",
      "/assets/react-dom.js",
      "/assets/root.js",
      "/assets/root.css",
      "/assets/home.js",
      "/assets/post-card.js",
    ]);
  });

  it("keeps the shell's lazy modules (the offline bar, New Post's validation) and what they import, and the icon sprite, but not the map picker", () => {
    const manifest: ViteManifest = {
      "app/components/shell/send-queue-status.tsx": {
        file: "assets/send-queue-status.js",
        imports: ["_send-queue.js", "_framework.js"],
      },
      "app/models/post.validation.ts": { file: "assets/post.validation.js", imports: ["_zod.js", "_send-queue.js"] },
      "app/components/map/location-map.client.tsx": {
        file: "assets/location-map.js",
        imports: ["_leaflet.js"],
        css: ["assets/leaflet.css"],
      },
      "_send-queue.js": { file: "assets/send-queue.js" },
      "_framework.js": { file: "assets/react-dom.js" },
      "_zod.js": { file: "assets/zod.js", css: ["assets/zod.css"] },
      "_leaflet.js": { file: "assets/leaflet.js" },
      "app/components/icons.svg": { file: "assets/icons-abc123.svg" },
    };
    expect(shellAssets(assets, manifest).slice(7)).toEqual([
      "/assets/send-queue-status.js",
      "/assets/send-queue.js",
      "/assets/post.validation.js",
      "/assets/zod.js",
      "/assets/zod.css",
      "/assets/icons-abc123.svg",
    ]);
  });

  it("keeps a shell route's split chunks (client action, client loader) and what they import", () => {
    const split = {
      ...assets,
      routes: {
        ...assets.routes,
        "routes/posts/new-post": {
          module: "/assets/new-post.js",
          imports: [],
          clientActionModule: "/assets/new-post-action.js",
          clientLoaderModule: "/assets/new-post-loader.js",
        },
      },
    } as unknown as ServerBuild["assets"];
    const manifest: ViteManifest = {
      "app/routes/posts/new-post.tsx?route-chunk=clientAction": {
        file: "assets/new-post-action.js",
        imports: ["_request-guard.js"],
      },
      "_request-guard.js": { file: "assets/request-guard.js" },
    };
    expect(shellAssets(split, manifest)).toEqual(
      expect.arrayContaining(["/assets/new-post-action.js", "/assets/new-post-loader.js", "/assets/request-guard.js"]),
    );
  });

  it("names its caches by the build's version, so a new build replaces the old caches", () => {
    const script = serviceWorkerScript(assets);
    expect(script.startsWith('const VERSION = "abc123";\nconst SHELL = ["/assets/manifest-abc123.js"')).toBe(true);
    expect(script).toContain("fieldline-shell-${VERSION}");
    expect(script).toContain('self.addEventListener("fetch"');
    expect(serviceWorkerScript({ ...assets, version: "def456" })).not.toBe(script);
  });
});
