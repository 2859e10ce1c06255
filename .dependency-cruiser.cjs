// dependency-cruiser: imports point one way (run by `npm run lint:arch` and `npm test`).
//   routes -> http -> models -> infra / db.server;  components never import *.server;
//   lib/ is pure (usable in the browser and on the server) and imports no other layer.
// Test files (*.test.ts) are outside the layers: a test may exercise a module through any door.
// Type-only imports count: a type from a *.server module still ties a component to the server.

const TESTS = "\\.test\\.tsx?$";
const SERVER_MODULE = "\\.server\\.tsx?$";

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      comment: "No import cycle at run time. Cycles through a type-only import are erased by TypeScript and allowed.",
      severity: "error",
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ["type-only"] } },
    },
    {
      name: "models-not-to-edge",
      comment:
        "Models hold the rules and the data; they know nothing of routes, components or HTTP. They throw AppError.",
      severity: "error",
      from: { path: "^app/models/", pathNot: TESTS },
      to: { path: "^app/(routes|components|http)/" },
    },
    {
      name: "components-not-to-server",
      comment: "Components run in the browser: they never import a *.server module (not even a type).",
      severity: "error",
      from: { path: "^app/components/", pathNot: TESTS },
      to: { path: SERVER_MODULE },
    },
    {
      name: "lib-is-pure",
      comment: "lib/ holds pure helpers for both sides: no models, http, infra, routes, components or *.server module.",
      severity: "error",
      from: { path: "^app/lib/", pathNot: TESTS },
      to: { path: ["^app/(models|http|infra|routes|components)/", SERVER_MODULE] },
    },
    {
      name: "infra-not-up",
      comment: "infra/ is plumbing (mail, storage, cookies, LiteFS): it imports no models, http, routes or components.",
      severity: "error",
      from: { path: "^app/infra/", pathNot: TESTS },
      to: { path: "^app/(models|http|routes|components)/" },
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
