// Every page form against generated hostile input (fast-check), on a production server of its
// own: each request must be refused the way its page refuses bad input (the page's message on
// the page, or a redirect to a page that shows it), never answer 5xx, and never change a row of
// the database or a file under the data directory.
import fs from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { formCases, type HostileRequest, type Refusal, seededIds } from "./support/form-cases";
import { applyChange, type Fields } from "./support/junk";
import { expect, type HostileServer, test } from "./support/server";
import { fuzzSeed } from "../support/fuzz-seed";
import { BODY_MAX_BYTES, BODY_TOO_LARGE } from "~/http/request-body.server";

let sent = 0;

test.afterAll(() => {
  // Generated form posts only; the GETs that read a redirect's notice are not counted.
  console.log(`[hostile] page forms: ${sent} generated requests in this worker`);
});

/** The route modules with an action, from app/routes.ts (the JSON API has its own contract test). */
async function pageRoutesWithAction(): Promise<string[]> {
  const { default: routes } = await import("../../app/routes");
  const files: string[] = [];
  const visit = (entries: ReadonlyArray<{ file: string; children?: unknown }>) => {
    for (const entry of entries) {
      files.push(entry.file);
      if (Array.isArray(entry.children)) visit(entry.children as Array<{ file: string }>);
    }
  };
  visit(routes as ReadonlyArray<{ file: string; children?: unknown }>);
  return files
    .filter((file) => !file.startsWith("routes/api/"))
    .filter((file) =>
      /export\s+(async\s+)?function\s+action\b|export\s+const\s+action\b/.test(
        fs.readFileSync(path.join("app", file), "utf8"),
      ),
    )
    .sort();
}

function encode(fields: Fields, multipart: boolean): URLSearchParams | FormData {
  if (!multipart)
    return new URLSearchParams(
      fields.map(([name, value]) => [name, typeof value === "string" ? value : value.fileName]),
    );
  const form = new FormData();
  for (const [name, value] of fields) {
    if (typeof value === "string") form.append(name, value);
    else form.append(name, new File([new Uint8Array(value.bytes)], value.fileName, { type: value.type }));
  }
  return form;
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

/** What a reader sees: no scripts (the hydration data repeats every message), no tags, entities decoded. */
function visibleText(html: string): string {
  return html
    .replace(/<script[\s\S]*?<\/script>/gi, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, code: string) => {
      if (code.startsWith("#x") || code.startsWith("#X")) return String.fromCodePoint(parseInt(code.slice(2), 16));
      if (code.startsWith("#")) return String.fromCodePoint(Number(code.slice(1)));
      return ENTITIES[code] ?? whole;
    });
}

function cookiesOf(response: Response): string[] {
  return response.headers.getSetCookie().map((cookie) => cookie.split(";")[0]!);
}

/** The bytes a body takes on the wire. */
async function bodySize(body: BodyInit): Promise<number> {
  return (await new Request("http://size.invalid/", { method: "POST", body }).arrayBuffer()).byteLength;
}

/** Sends one request and checks the answer; answers a description of what went wrong, or null. */
async function sendAndCheck(
  server: HostileServer,
  refused: Refusal,
  cookie: string | null,
  target: string,
  fields: Fields,
  multipart: boolean,
): Promise<string | null> {
  const headers = { "X-Forwarded-For": server.nextClientAddress(), ...(cookie ? { Cookie: cookie } : {}) };
  const before = server.database.version();
  const filesBefore = server.dataFiles().join("\n");
  const body = encode(fields, multipart);
  const response = await fetch(`${server.baseURL}${target}`, { method: "POST", body, headers, redirect: "manual" });
  sent += 1;
  const html = await response.text();
  if (response.status >= 500) return `answered ${response.status}`;
  if (response.status === 413 && (await bodySize(body)) > BODY_MAX_BYTES) {
    // Over the limit of any form: refused before it is read, and nothing of it comes back.
    if (!visibleText(html).includes(BODY_TOO_LARGE)) return `answered 413 without "${BODY_TOO_LARGE}"`;
    if (server.database.version() !== before) return "changed the database";
    return null;
  }

  let page = { status: response.status, text: visibleText(html), location: response.headers.get("Location") };
  if (refused.kind === "redirect") {
    if (![302, 303].includes(response.status) || !page.location) return `answered ${response.status}, not a redirect`;
    const location = new URL(page.location, server.baseURL);
    if (location.origin !== server.baseURL || !refused.to.test(location.pathname))
      return `redirected to ${page.location}`;
    const next = await fetch(location, {
      headers: { Cookie: [cookie, ...cookiesOf(response)].filter(Boolean).join("; ") },
      redirect: "manual",
    });
    page = { status: next.status, text: visibleText(await next.text()), location: next.headers.get("Location") };
  } else if (!refused.status.includes(response.status)) {
    return `answered ${response.status} (expected ${refused.status.join(" or ")})`;
  }
  if (refused.messages.length > 0 && !refused.messages.some((message) => page.text.includes(message))) {
    return `answered ${response.status} without any of: ${refused.messages.join(" | ")}\n${page.text.replace(/\s+/g, " ").slice(0, 600)}`;
  }
  if (server.database.version() !== before) return "changed the database";
  if (server.dataFiles().join("\n") !== filesBefore) return "changed the files under the data directory";
  return null;
}

/** The request's target and fields; a file travels only in multipart (urlencoded, it would be a mere name). */
function prepare(request: HostileRequest, valid: Fields): { target: string; fields: Fields; withFiles: boolean } {
  const pathChange = request.changes.findLast((change) => change.field === "@path");
  const changes = request.changes.filter((change) => change.field !== "@path");
  const fields = [...changes.reduce(applyChange, valid), ...request.junk];
  return {
    target: typeof pathChange?.values[0] === "string" ? pathChange.values[0] : request.target,
    fields,
    withFiles: fields.some(([, value]) => typeof value !== "string"),
  };
}

test("every page route with an action has a row in the hostile-input table", async () => {
  expect(
    formCases
      .map((form) => form.route)
      .filter((route, index, all) => all.indexOf(route) === index)
      .sort(),
  ).toEqual(await pageRoutesWithAction());
});

for (const form of formCases) {
  test(`${form.name}: hostile input is refused, never 5xx, never written`, async ({ hostile }) => {
    test.setTimeout(120_000);
    const ids = seededIds(hostile.database);
    const cookie = form.as ? await hostile.signIn(form.as) : null;
    const snapshot = hostile.database.snapshot();
    const sentBefore = sent;
    const files = hostile.dataFiles();

    await fc.assert(
      fc.asyncProperty(form.requests(ids), fc.boolean(), async (request, multipart) => {
        const { target, fields, withFiles } = prepare(request, form.valid(ids));
        const encoding = multipart || withFiles;
        const problem = await sendAndCheck(hostile, form.refused(target, fields), cookie, target, fields, encoding);
        if (problem) throw new Error(`POST ${target} (${encoding ? "multipart" : "urlencoded"}) ${problem}`);
      }),
      { numRuns: form.runs ?? 40, endOnFailure: true, seed: fuzzSeed(form.name) },
    );
    console.log(`[hostile] ${form.name}: ${sent - sentBefore} requests`);

    expect(hostile.database.snapshot()).toEqual(snapshot);
    expect(hostile.dataFiles()).toEqual(files);
  });
}
