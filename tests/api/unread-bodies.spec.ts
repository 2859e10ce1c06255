import http from "node:http";
import net from "node:net";
import { expect, test } from "../e2e/support/fixtures";

// server/close-unread-requests.ts: the app may answer before it reads a request's body (sign-out
// ignores its form; a signed-out post is redirected to sign in). A client still sending that
// body must not have the connection cut under it, and the connection must serve its next request.

/** Writes raw HTTP/1.1 to the server and collects what comes back until the server closes or `settleMs` passes. */
function rawExchange(
  baseURL: string,
  steps: Array<{ write: string; waitMs: number }>,
  settleMs: number,
): Promise<{ text: string; writeError: string | null }> {
  const { hostname, port } = new URL(baseURL);
  return new Promise((resolve) => {
    const socket = net.connect(Number(port), hostname === "localhost" ? "127.0.0.1" : hostname);
    let text = "";
    let writeError: string | null = null;
    const finish = () => {
      socket.destroy();
      resolve({ text, writeError });
    };
    socket.on("data", (chunk) => (text += chunk.toString("latin1")));
    socket.on("error", (error: NodeJS.ErrnoException) => (writeError = error.code ?? error.message));
    socket.on("close", finish);
    let delay = 0;
    for (const step of steps) {
      delay += step.waitMs;
      setTimeout(() => socket.writable && socket.write(step.write), delay);
    }
    setTimeout(finish, delay + settleMs);
  });
}

const signOutHead = (length: number, host: string) =>
  `POST /logout HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${length}\r\n\r\n`;

test("a body the app never reads is taken to its end and the connection serves the next request", async ({
  baseURL,
}) => {
  const host = new URL(baseURL!).host;
  // Within the 100 KB a form may carry, so the app takes it and answers without reading it.
  const body = `note=${"x".repeat(90_000)}`;
  const { text, writeError } = await rawExchange(
    baseURL!,
    [
      { write: signOutHead(body.length, host) + body.slice(0, 100), waitMs: 0 },
      // The answer to the sign-out is out before the rest of its body is sent.
      { write: body.slice(100), waitMs: 400 },
      { write: `GET /healthz HTTP/1.1\r\nHost: ${host}\r\n\r\n`, waitMs: 50 },
    ],
    2_000,
  );
  expect(writeError).toBeNull();
  expect(text.match(/^HTTP\/1\.1 \d+/gm)).toEqual(["HTTP/1.1 302", "HTTP/1.1 200"]);
  expect(text).not.toMatch(/^Connection: close/im);
});

test("a large unread body gets its answer with Connection: close instead of being read", async ({ baseURL }) => {
  const host = new URL(baseURL!).host;
  const { text } = await rawExchange(
    baseURL!,
    [{ write: signOutHead(5 * 1024 * 1024, host) + "note=x", waitMs: 0 }],
    1_000,
  );
  // Over the limit of a form: refused before the app, by its Content-Length alone.
  expect(text).toMatch(/^HTTP\/1\.1 413/);
  expect(text).toMatch(/^Connection: close/im);
});

/** POSTs `bytes` of JSON-ish filler with node:http, writing on after the answer came; answers what was read of it. */
function postLargeBody(
  baseURL: string,
  path: string,
  bytes: number,
): Promise<{ status: number; body: string } | { error: string }> {
  const chunk = Buffer.alloc(1024 * 1024, 120);
  return new Promise((resolve) => {
    let answer: { status: number; body: string } | undefined;
    const request = http.request(new URL(path, baseURL), {
      method: "POST",
      agent: false,
      headers: { "Content-Type": "application/json", "Content-Length": bytes },
    });
    request.on("response", (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (text: string) => (body += text));
      response.on("end", () => {
        answer = { status: response.statusCode ?? 0, body };
        resolve(answer);
      });
    });
    // An error after the whole answer was read is the connection's end, not a lost answer.
    request.on("error", (error: NodeJS.ErrnoException) => answer ?? resolve({ error: error.code ?? error.message }));
    let sent = 0;
    const pump = () => {
      while (sent < bytes && !request.destroyed) {
        sent += chunk.length;
        if (!request.write(sent <= bytes ? chunk : chunk.subarray(0, bytes - (sent - chunk.length)))) {
          return void request.once("drain", pump);
        }
      }
      if (sent >= bytes) request.end();
    };
    pump();
  });
}

// undici's fetch reports a reset when the server answers before it has sent its body, so this
// client is node:http, which reads an early answer while it still sends.
test("a 30 MB body refused with 413 reaches the client as its 413 every time, not as a reset", async ({ baseURL }) => {
  const answers = [];
  for (let n = 0; n < 20; n++) answers.push(await postLargeBody(baseURL!, "/api/login", 30 * 1024 * 1024));
  expect(answers).toEqual(
    Array(20).fill({
      status: 413,
      body: expect.stringMatching(/^\{"error":"Request body is too large","requestId":"[\w-]+"\}$/),
    }),
  );
});
