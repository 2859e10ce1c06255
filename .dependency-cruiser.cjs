// dependency-cruiser: imports point one way (run by `npm run lint:arch` and `npm test`).
//   routes -> http -> models -> infra / db.server;  components never import *.server;
//   components -> browser -> lib;  lib/ is pure (usable in the browser and on the server) and
//   imports no other layer.
// Test files (*.test.ts) are outside the layers: a test may exercise a module through any door.
// Type-only imports count: a type from a *.server module still ties a component to the server.

const TESTS = "\\.test\\.tsx?$";
const SERVER_MODULE = "\\.server\\.tsx?$";
// The request's context (the signed-in user, the CSP nonce), beside the edge that sets and reads it.
const REQUEST_CONTEXT = "^app/(http/)?context\\.ts$";

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      comment:
        "No import cycle, not even through a type-only import: a type sits in the module that owns it, and the modules that need it import it from there.",
      severity: "error",
      from: {},
      to: { circular: true },
    },
    {
      name: "models-not-to-edge",
      comment:
        "Models hold the rules and the data; they know nothing of routes, components, browser/ or HTTP. They throw AppError.",
      severity: "error",
      from: { path: "^app/models/", pathNot: TESTS },
      to: { path: "^app/(routes|components|browser|http)/", pathNot: REQUEST_CONTEXT },
    },
    {
      name: "models-not-to-request-context",
      comment:
        "Models never read the request's context (http/context.ts, formerly app/context.ts): the edge reads the signed-in user and passes what the model needs.",
      severity: "error",
      from: { path: "^app/models/", pathNot: TESTS },
      to: { path: REQUEST_CONTEXT },
    },
    {
      name: "components-not-to-server",
      comment: "Components run in the browser: they never import a *.server module (not even a type).",
      severity: "error",
      from: { path: "^app/components/", pathNot: TESTS },
      to: { path: SERVER_MODULE },
    },
    {
      name: "components-not-to-routes",
      comment:
        "Components are UI the pages share: they never import a route module (app/routes/, root.tsx, routes.ts). A shape both need lives in a model's *.schema.ts or in lib/.",
      severity: "error",
      from: { path: "^app/components/", pathNot: TESTS },
      to: { path: ["^app/routes/", "^app/root\\.tsx$", "^app/routes\\.ts$"] },
    },
    {
      name: "lib-imports-only-lib",
      comment:
        "lib/ holds pure helpers for both sides (browser and server): it imports other lib/ files and zod only; no other layer, no root.tsx or app/*.ts, no browser/, no React or React Router, no Node built-in.",
      severity: "error",
      from: { path: "^app/lib/", pathNot: TESTS },
      to: { pathNot: ["^app/lib/", "node_modules/zod/"] },
    },
    {
      name: "browser-imports-lib-only",
      comment:
        "browser/ runs in the browser: it imports lib/, other browser/ files, the catalogs' namespaces, React, React Router and Lingui (which formats the messages) only; never a *.server module, models, http, infra, routes or components.",
      severity: "error",
      from: { path: "^app/browser/", pathNot: TESTS },
      to: {
        pathNot: ["^app/(lib|browser)/", "^app/locales/namespaces\\.ts$", "node_modules/(react|react-router|@lingui)/"],
      },
    },
    {
      name: "locales-hold-words-only",
      comment:
        "app/locales/ holds the message catalogs and their namespaces (decision 101): words, read by the edge (catalogs.server.ts) and typed for the pages (namespaces.ts). It imports lib/ and its own JSON only.",
      severity: "error",
      from: { path: "^app/locales/", pathNot: TESTS },
      to: { path: "^app/", pathNot: ["^app/(lib|locales)/"] },
    },
    {
      name: "env-imports-only-lib",
      comment:
        "env.server.ts is read by every server layer, infra included: of the app it imports lib/ only (no infra, models, http or anything above).",
      severity: "error",
      from: { path: "^app/env\\.server\\.ts$" },
      to: { path: "^app/", pathNot: "^app/lib/" },
    },
    {
      name: "infra-not-up",
      comment:
        "infra/ is plumbing (mail, storage, cookies, LiteFS, images, video containers, spreadsheets, upload URLs, idempotency keys): it imports no models, http, routes or components.",
      severity: "error",
      from: { path: "^app/infra/", pathNot: TESTS },
      to: { path: "^app/(models|http|routes|components)/" },
    },
    {
      name: "upload-quota-in-the-media-service",
      comment:
        "The daily upload quota is enforced in one place, the media service (models/media.server.ts), which every photo and video a user sends goes through: no other module reads or spends the quota.",
      severity: "error",
      from: { pathNot: ["^app/models/media\\.server\\.ts$", TESTS] },
      to: { path: "^app/models/upload-quota\\.server\\.ts$" },
    },
    {
      name: "http-not-to-routes",
      comment: "The HTTP edge serves the routes; it imports no route module and no component.",
      severity: "error",
      from: { path: "^app/http/", pathNot: TESTS },
      to: { path: "^app/(routes|components)/" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(app/generated|build|\\.react-router)/" },
    // Keep type-only imports in the graph (see above).
    tsPreCompilationDeps: true,
    // Resolves the ~/ alias (tsconfig paths).
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      mainFields: ["module", "main", "types", "typings"],
    },
  },
};
