// The server Playwright tests run against (playwright.config.ts `webServer`):
//   1. the fake network edge (tiles + reverse geocoder) on 127.0.0.1:4599, and a fake SMTP server
//      that writes every email it receives to <dir>/mail.jsonl (tests read a user's mail there);
//   2. a fresh database in a temp dir: a copy of the migrated template (scripts/lib/migrated-database.mjs)
//      + `tsx prisma/seed.ts`; and the offline map of Pakistan (scripts/make-map.ts) in its data
//      directory, so the maps are self-hosted (MAP_TILES=self) and ask no tile server;
//   3. the BUILT production server (build/server/main.js, as `npm start` runs it; built here if missing) on :4500.
// The database path comes from FIELDLINE_E2E_DIR (set by playwright.config.ts, which the test
// workers also see), so tests can read the database and the mail directly. Everything is removed on exit.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { SERVER_BUILD, bin, builtServer, root, run } from "../../scripts/lib/common.mjs";
import { copyMigratedDatabase } from "../../scripts/lib/migrated-database.mjs";
import { startFakeEdge } from "./fake-edge.mjs";
import { decodeEmail, startFakeSmtp } from "./fake-smtp.mjs";
import { keepServerLog } from "./server-log.mjs";

const port = Number(process.env.E2E_PORT ?? 4500);
const edgePort = Number(process.env.E2E_EDGE_PORT ?? 4599);
const dir = process.env.FIELDLINE_E2E_DIR ?? path.join(os.tmpdir(), `fieldline-e2e-${process.pid}`);
const databasePath = path.join(dir, "e2e.db");

let server;
let edge;
let smtp;
let stopping = false;

async function stop(code) {
  if (stopping) return;
  stopping = true;
  if (server && server.exitCode === null && server.signalCode === null) {
    const exited = new Promise((resolve) => server.once("exit", resolve));
    server.kill("SIGTERM");
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
    if (server.exitCode === null && server.signalCode === null) server.kill("SIGKILL");
  }
  await edge?.close();
  await smtp?.close();
  fs.rmSync(dir, { recursive: true, force: true });
  process.exit(code);
}

for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
  process.on(signal, () => void stop(0));
}

function command(name, ...args) {
  const [executable, ...prefix] = bin(name);
  return [executable, [...prefix, ...args]];
}

async function main() {
  edge = await startFakeEdge({ port: edgePort });
  console.log(`[e2e] fake network edge on ${edge.url}`);

  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(path.join(dir, "data"), { recursive: true });
  const databaseUrl = `file:${databasePath}`;
  // The mail users receive (the outbox keeps a copy without its secrets): one JSON line an email.
  const mailbox = path.join(dir, "mail.jsonl");
  let received = 0;
  smtp = await startFakeSmtp({
    onMessage(message) {
      const email = { id: ++received, to: message.to.map((to) => to.replace(/^<|>$/g, "")).join(", ") };
      const line = { ...email, ...decodeEmail(message.data), createdAt: new Date().toISOString() };
      fs.appendFileSync(mailbox, `${JSON.stringify(line)}\n`);
    },
  });

  const env = {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    APP_URL: `http://127.0.0.1:${port}`,
    // Secure, __Host- cookies as in production: browsers accept them from http://127.0.0.1 and localhost.
    COOKIE_SECURE: "true",
    DATABASE_URL: databaseUrl,
    DATA_DIR: path.join(dir, "data"),
    TRUST_PROXY: "1",
    GEOCODER: edge.url,
    // Self-hosted, as the demo; a spec switches a server of its own to a tile server (MAP_TILES=url).
    MAP_TILES: process.env.MAP_TILES ?? "self",
    // The tile server a test may switch to (MAP_TILES=url).
    TILE_URL: `${edge.url}/tiles/{z}/{x}/{y}.png`,
    SESSION_SECRET: process.env.SESSION_SECRET ?? "e2e-session-secret-0123456789-abcdefghijklmnop",
    LOG_REQUESTS: "false",
    // The spec's registration flow (anyone who registers is in at once); the default, approval,
    // has its own test on a fresh server (tests/resilience/door.test.ts).
    REGISTRATION_MODE: "open",
    // The seed's one team of everyone, with no territory and no extra managers: the counts the
    // tests were written against (prisma/seed.ts; the demo has three regional teams).
    SEED_TEAMS: "one",
    // Webhook receivers of the tests listen on the loopback, which production refuses; retries
    // come quickly (decision 50).
    WEBHOOK_PRIVATE_HOSTS: "127.0.0.1",
    WEBHOOK_RETRY_MS: "200,1000",
    WEBHOOK_POLL_MS: "100",
  };
  // Emails go to the fake SMTP server, which keeps them where tests read them.
  env.SMTP_URL = smtp.url;

  await copyMigratedDatabase(databasePath);
  await run(...command("tsx", "scripts/make-map.ts", path.join(dir, "data", "maps", "pakistan.pmtiles")), {
    quiet: true,
  });
  // The seed's "today" is written down for the tests (tests/e2e/support/days.ts). SEED_NOW set
  // to an earlier instant replays a run that crossed midnight in Karachi.
  const seededAt = new Date(process.env.SEED_NOW ?? Date.now()).toISOString();
  await run(...command("tsx", "prisma/seed.ts"), { env: { ...env, SEED_NOW: seededAt }, quiet: true });
  fs.writeFileSync(path.join(dir, "seeded-at"), seededAt);
  console.log(`[e2e] database ${databasePath} migrated and seeded`);

  if (!fs.existsSync(path.join(root, SERVER_BUILD))) {
    console.log("[e2e] no production build: running react-router build");
    await run(...command("react-router", "build"), { env: { ...process.env, NODE_ENV: "production" } });
  }

  const [node, serverArgs] = builtServer();
  server = spawn(node, serverArgs, { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] });
  keepServerLog(server, "e2e", (chunk) => process.stdout.write(chunk));
  server.on("exit", (code, signal) => {
    // When the whole process group is signalled, the child may exit before our own handler runs.
    setTimeout(() => {
      if (stopping) return;
      console.error(`[e2e] the app server exited (${code ?? signal})`);
      void stop(code || 1);
    }, 200);
  });
}

main().catch((error) => {
  if (error?.output) process.stderr.write(error.output);
  console.error(`[e2e] ${error instanceof Error ? error.message : String(error)}`);
  void stop(1);
});
