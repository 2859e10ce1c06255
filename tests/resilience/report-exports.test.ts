// The report's Excel export against the production server: 50 exports at once from ten signed-in
// people (cookie sessions and API tokens) keep the server's memory under 420 MB, and each answer
// is either the .xlsx or the documented refusal (429 or 503 with Retry-After and a message),
// never a 5xx. The server's VmRSS is sampled throughout.
import http from "node:http";
import * as XLSX from "@e965/xlsx";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppServer, createAppServer, signIn } from "./support/app-server";

const EXPORTS = 50;
// 400 MB until issue 51's catalogs and Lingui: this server rests 15-25 MB higher (old and new builds
// interleaved ×2 on the shared machine, idle after start: 389/378 MB before, 399/408 MB after), and
// its peak under the 50 exports went from 384 to 411 MB. Paying it back is on issue 51's list.
const MAX_RSS_BYTES = 420 * 1024 * 1024;
const MB = (bytes: number) => `${Math.round(bytes / 1048576)} MB`;
const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
const REFUSALS = [429, 503];

let server: AppServer;
/** Each caller's headers: a session cookie or a bearer token. */
let callers: Array<{ name: string; headers: Record<string, string> }>;

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
/** The largest table a report has: a year, one row per dealer. */
const EXPORT_PATH = `/api/reports?from=${day(-365)}&to=${day(0)}&groupBy=dealer&format=xlsx`;

async function newToken(cookie: string): Promise<string> {
  const response = await fetch(`${server.baseUrl}/api/tokens`, {
    method: "POST",
    headers: { Cookie: cookie, "Content-Type": "application/json", Origin: server.baseUrl },
    body: JSON.stringify({ name: "exports", scope: "read" }),
  });
  const body = (await response.json()) as { token?: string };
  if (response.status !== 201 || !body.token) throw new Error(`No token: ${response.status} ${JSON.stringify(body)}`);
  return body.token;
}

async function exportReport(headers: Record<string, string>) {
  const response = await fetch(`${server.baseUrl}${EXPORT_PATH}`, { headers });
  const bytes = new Uint8Array(await response.arrayBuffer());
  return {
    status: response.status,
    type: response.headers.get("content-type") ?? "",
    retryAfter: response.headers.get("retry-after"),
    bytes,
  };
}

type Answer = Awaited<ReturnType<typeof exportReport>>;

/** What is wrong with an answer: "" for a readable .xlsx of the report, or the documented refusal. */
function problem(answer: Answer): string {
  if (answer.status === 200) {
    if (!answer.type.startsWith(XLSX_TYPE)) return `200 with ${answer.type}`;
    const sheet = XLSX.read(answer.bytes, { type: "array" }).Sheets.Report;
    const title = sheet?.A1 as { v?: unknown } | undefined;
    return typeof title?.v === "string" && title.v.startsWith("Fieldline report") ? "" : "200 without the report";
  }
  if (REFUSALS.includes(answer.status)) {
    const body = JSON.parse(new TextDecoder().decode(answer.bytes)) as { error?: unknown };
    if (!Number(answer.retryAfter)) return `${answer.status} without Retry-After`;
    return typeof body.error === "string" && body.error.length > 0 ? "" : `${answer.status} without a message`;
  }
  return `${answer.status}: ${new TextDecoder().decode(answer.bytes).slice(0, 200)}`;
}

beforeAll(async () => {
  // The production image's malloc settings (Dockerfile): without them glibc keeps a worker's freed memory.
  server = await createAppServer("report-exports", { MALLOC_ARENA_MAX: "2", MALLOC_MMAP_THRESHOLD_: "131072" });
  await server.start();
  const cookie = async (username: string) => ({
    name: username,
    headers: { Cookie: await signIn(server.baseUrl, username) },
  });
  const people = await Promise.all(
    ["officer1", "officer2", "officer3", "officer4", "officer5", "manager", "admin"].map(cookie),
  );
  const bearer = async (person: (typeof people)[number]) => ({
    name: `${person.name}'s token`,
    headers: { Authorization: `Bearer ${await newToken(person.headers.Cookie)}` },
  });
  callers = [...people, await bearer(people[0]!), await bearer(people[5]!), await bearer(people[6]!)];
}, 60_000);

afterAll(async () => {
  await server?.stop();
  server?.remove();
});

describe("the report's Excel export under load", () => {
  it("answers 50 exports at once with the file or the documented refusal, never 5xx, with the server under 420 MB", async () => {
    // One export first: the file is valid, and the server has loaded what every export needs.
    expect(problem(await exportReport(callers[6]!.headers))).toBe("");
    const resting = server.rss() ?? 0;
    let peak = resting;
    const sampler = setInterval(() => (peak = Math.max(peak, server.rss() ?? 0)), 10);
    let answers: Answer[];
    try {
      answers = await Promise.all(
        Array.from({ length: EXPORTS }, (_, n) => exportReport(callers[n % callers.length]!.headers)),
      );
    } finally {
      clearInterval(sampler);
    }
    const statuses = answers.reduce<Record<number, number>>(
      (counts, answer) => ({ ...counts, [answer.status]: (counts[answer.status] ?? 0) + 1 }),
      {},
    );
    console.log(
      `[exports] ${EXPORTS} exports from ${callers.length} callers at once: ${JSON.stringify(statuses)}; RSS ${MB(resting)} → at most ${MB(peak)}`,
    );
    expect(answers.map(problem).filter(Boolean)).toEqual([]);
    expect(statuses[200]).toBeGreaterThan(0);
    expect(peak, `RSS rose from ${MB(resting)} to ${MB(peak)}`).toBeLessThan(MAX_RSS_BYTES);
    // Once the line has drained, everyone exports again.
    expect(problem(await exportReport(callers[0]!.headers))).toBe("");
  });

  it("sends the page's download link back to the report with the message when one person's exports are refused", async () => {
    const officer = callers[0]!.headers;
    // node:http, not fetch: fetch sets Sec-Fetch-Mode itself ("cors"), as a browser's fetch does.
    const navigate = () =>
      new Promise<{ status: number; type: string; location: string | null; toast: string }>((resolve, reject) => {
        http
          .get(
            `${server.baseUrl}${EXPORT_PATH}`,
            { headers: { ...officer, "Sec-Fetch-Mode": "navigate", Accept: "text/html" } },
            (response) => {
              response.resume();
              response.on("end", () =>
                resolve({
                  status: response.statusCode ?? 0,
                  type: response.headers["content-type"] ?? "",
                  location: response.headers.location ?? null,
                  toast: response.headers["set-cookie"]?.find((cookie) => cookie.startsWith("fl_toast=")) ?? "",
                }),
              );
            },
          )
          .on("error", reject);
      });
    // Six at once from one person: at most two of them run or wait, the others are refused.
    const answers = await Promise.all(Array.from({ length: 6 }, navigate));
    const refused = answers.filter((answer) => answer.status !== 200);
    expect(answers.filter((answer) => answer.status === 200).every((answer) => answer.type.startsWith(XLSX_TYPE))).toBe(
      true,
    );
    expect(refused.length).toBeGreaterThan(0);
    for (const answer of refused) {
      expect(answer).toMatchObject({
        status: 303,
        location: EXPORT_PATH.replace("/api/reports", "/reports").replace("&format=xlsx", ""),
      });
      expect(answer.toast).toMatch(/^fl_toast=/);
    }
    // The report page shows the message once.
    const page = await fetch(`${server.baseUrl}${refused[0]!.location}`, {
      headers: { Cookie: `${officer.Cookie}; ${refused[0]!.toast.split(";")[0]}` },
    });
    expect(await page.text()).toContain("Your earlier exports are still being prepared.");
  });
});
