import fs from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";

const SHELL_MODULES = new RegExp(
  [
    String.raw`app[\/]lib[\/](avatars|money|names|post-types|relative-time|date-format|coordinates|location-quality|lite-mode)\.ts`,
    String.raw`app[\/]browser[\/](hydrated|code-on-tap|may-hold-drafts|request-json|root-data|send-queue-marks|connection|notices)\.ts`,
    String.raw`app[\/]components[\/](icon|error-view|timestamp|shell[\/]lite-mode)\.tsx`,
    // The post types' labels in the catalogs, beside lib/post-types.ts: the feed, a post and New Post share them.
    String.raw`app[\/]components[\/]posts[\/]post-type-labels\.ts`,
    "preload-helper",
  ].join("|"),
);

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const TEXT_FILE = /\.(js|mjs|css|svg|json|html|webmanifest)$/;

/** Writes `file`'s .br (brotli, quality 11) and .gz (gzip, level 9) beside it, each only when smaller. */
async function compressFile(file: string): Promise<void> {
  const content = await fs.readFile(file);
  const compressed = await Promise.all([
    brotli(content, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    }),
    gzip(content, { level: 9 }),
  ]);
  for (const [extension, bytes] of [
    ["br", compressed[0]],
    ["gz", compressed[1]],
  ] as const) {
    if (bytes.length < content.length) await fs.writeFile(`${file}.${extension}`, bytes);
  }
}

/** React Router's route manifest, which it writes into the client's files during the server's build. */
const ROUTE_MANIFEST = /^assets[\\/]manifest-[\w-]+\.js$/;

/**
 * Writes a .br and a .gz beside each text file of the client build, public files included: the
 * server sends them as they are (server/static-files.ts) and never compresses a static file per
 * request. The route manifest comes after the client's bundle, so its copies are written when the
 * server's bundle is.
 */
function precompress(): Plugin {
  return {
    name: "fieldline:precompress",
    apply: "build",
    async writeBundle({ dir }) {
      if (!dir) return;
      const environment = this.environment.name;
      const clientDir = environment === "client" ? dir : path.join(path.dirname(dir), "client");
      const wanted =
        environment === "client"
          ? (file: string) => TEXT_FILE.test(file) && !file.startsWith(".vite")
          : (file: string) => ROUTE_MANIFEST.test(file);
      const files = (await fs.readdir(clientDir, { recursive: true })).filter(wanted);
      await Promise.all(files.map((file) => compressFile(path.join(clientDir, file))));
    },
  };
}

/**
 * Names each entry of the server's build after its input (index.js, main.js): React Router names
 * every entry of that build index.js, which suits its one entry only.
 */
function serverEntriesByName(): Plugin {
  return {
    name: "fieldline:server-entries-by-name",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "ssr",
    outputOptions: (options) => ({ ...options, entryFileNames: "[name].js" }),
  };
}

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
                // icon (its shapes are in the sprite, app/components/icons.svg), and Vite's loader of lazy chunks.
                { name: "shared", test: SHELL_MODULES },
                // The feed's audience switch and the team choice it holds (also on the admin's forms), as one file.
                { name: "audience", test: /app[\\/]components[\\/](audience[\\/]scope-switch|team-select)\.tsx/ },
              ],
            },
          },
        },
      },
    },
    ssr: {
      build: {
        // The production server is compiled here with the app (decision 108): `index` is our Express
        // app with React Router's request handler (build/server/index.js), `main` the server that
        // serves it (build/server/main.js, run by `npm start`). Built together, they share one copy
        // of every module (contexts, the Prisma client, the environment).
        rollupOptions: {
          input: { index: "./server/app.ts", main: "./server/index.ts" },
        },
        // Node runs the server with --enable-source-maps: a production stack trace names the TypeScript.
        sourcemap: true,
      },
    },
  },
  resolve: { tsconfigPaths: true },
  plugins: [tailwindcss(), reactRouter(), precompress(), serverEntriesByName()],
});
