import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

const SHELL_ICONS = ["bell", "chart-column", "house", "map", "plus", "shield", "square-plus", "store", "trophy", "x"];
const SHELL_MODULES = new RegExp(
  [
    String.raw`app[\/]lib[\/](avatars|hydrated|money|names|post-types|relative-time|request-json|root-data)\.ts`,
    String.raw`lucide-react[\/]dist[\/]esm[\/](createLucideIcon|defaultAttributes|Icon|context|shared[\/]src[\/]utils)`,
    String.raw`lucide-react[\/]dist[\/]esm[\/]icons[\/](${SHELL_ICONS.join("|")})\.mjs`,
    "preload-helper",
  ].join("|"),
);

export default defineConfig({
  // The manifest stays in the build (build/client/.vite, never served): the service worker
  // keeps the lazy chunks of the shell routes too (server/service-worker.ts).
  build: { assetsInlineLimit: 0, manifest: true },
  environments: {
    client: {
      build: {
        rollupOptions: {
          output: {
            codeSplitting: {
              groups: [
                // React and React Router, which every page loads, as one file (better compressed).
                { name: "framework", test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
                // Small modules every page of the shell needs, as one file: the app's helpers, the
                // icon code and the shell's icons, and Vite's loader of lazy chunks.
                { name: "shared", test: SHELL_MODULES },
              ],
            },
          },
        },
      },
    },
    // The server build's entry is our Express app, so the app and its request handler
    // share one copy of every module (contexts, the Prisma client).
    ssr: { build: { rollupOptions: { input: "./server/app.ts" } } },
  },
  resolve: { tsconfigPaths: true },
  plugins: [tailwindcss(), reactRouter()],
});
