import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { readJsonBody, readQuery } from "~/http/api.server";
import { revalidatedJson, versionedJson } from "~/http/answer-cache.server";
import { userSearchSchema } from "~/models/admin.schema";
import { loginSchema, profileUpdateSchema } from "~/models/user.schema";

function post(body: string, contentType = "application/json") {
  return new Request("http://localhost/api/x", { method: "POST", body, headers: { "Content-Type": contentType } });
}

async function rejection(promise: Promise<unknown>): Promise<{ status: number; body: Record<string, unknown> }> {
  const thrown = await promise.then(
    () => {
      throw new Error("expected a rejection");
    },
    (error: unknown) => error,
  );
  if (!(thrown instanceof Response)) throw thrown;
  return { status: thrown.status, body: (await thrown.json()) as Record<string, unknown> };
}

describe("readJsonBody", () => {
  it("parses a valid body", async () => {
    expect(await readJsonBody(post('{"username":"ali","password":"x"}'), loginSchema)).toEqual({
      username: "ali",
      password: "x",
    });
  });

  it("answers 415 for another content type", async () => {
    expect(
      await rejection(readJsonBody(post("username=ali", "application/x-www-form-urlencoded"), loginSchema)),
    ).toEqual({
      status: 415,
      body: { error: "Content-Type must be application/json" },
    });
  });

  it("answers 400 for malformed JSON and for JSON that is not an object", async () => {
    expect(await rejection(readJsonBody(post("{nope"), loginSchema))).toEqual({
      status: 400,
      body: { error: "Malformed JSON body" },
    });
    expect((await rejection(readJsonBody(post("[1,2]"), loginSchema))).body.error).toBe(
      "Request body must be a JSON object",
    );
  });

  it("answers 400 with the agreed messages per field, and refuses unknown fields", async () => {
    const missing = await rejection(readJsonBody(post("{}"), loginSchema));
    expect(missing.status).toBe(400);
    expect(missing.body.fieldErrors).toEqual({
      username: ["Username is required"],
      password: ["Password is required"],
    });

    const unknown = await rejection(readJsonBody(post('{"username":"a","password":"b","role":"ADMIN"}'), loginSchema));
    expect(unknown).toMatchObject({
      status: 400,
      body: { error: 'Unknown field "role": leave it out, this call does not take it' },
    });
  });

  it("answers 413 for a body over 100 KB, announced or not", async () => {
    const big = JSON.stringify({ username: "a".repeat(200_000), password: "x" });
    expect(await rejection(readJsonBody(post(big), loginSchema))).toEqual({
      status: 413,
      body: { error: "Request body is too large" },
    });
    const chunked = new Request("http://localhost/api/x", {
      method: "POST",
      body: new Blob([big]).stream(),
      headers: { "Content-Type": "application/json" },
      duplex: "half",
    } as RequestInit);
    expect((await rejection(readJsonBody(chunked, loginSchema))).status).toBe(413);
  });

  it("answers 400 for wrong types", async () => {
    const wrong = await rejection(readJsonBody(post('{"username":42,"password":["x"]}'), loginSchema));
    expect(wrong.status).toBe(400);
  });

  it("accepts coordinates sent as strings, as existing clients do", async () => {
    const body = await readJsonBody(
      post('{"homeLat":"31.5204","homeLng":74.3587,"homeAddress":"Lahore"}'),
      profileUpdateSchema,
    );
    expect(body).toEqual({ homeLat: 31.5204, homeLng: 74.3587, homeAddress: "Lahore" });
  });

  it("checks rules across fields: a place needs both coordinates", async () => {
    const half = await rejection(readJsonBody(post('{"homeLat":"31.5"}'), profileUpdateSchema));
    expect(half).toMatchObject({ status: 400, body: { error: "Please select a location on the map." } });
  });
});

describe("readQuery", () => {
  const get = (search: string) => new Request(`http://localhost/api/x${search}`);

  it("parses the query string with the schema", () => {
    expect(readQuery(get("?query=%20ali%20&page=2"), userSearchSchema)).toEqual({ query: "ali", page: 2 });
    expect(readQuery(get(""), userSearchSchema)).toEqual({});
  });

  it("throws a 400 with the field's message", async () => {
    let thrown: unknown;
    try {
      readQuery(get("?page=0"), userSearchSchema);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(Response);
    const response = thrown as Response;
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: "page must be a whole number from 1",
      fieldErrors: { page: ["page must be a whole number from 1"] },
    });
  });
});

describe("revalidatedJson", () => {
  const get = (ifNoneMatch?: string) =>
    new Request("http://localhost/api/x", { headers: ifNoneMatch ? { "If-None-Match": ifNoneMatch } : {} });

  it("answers the JSON with a weak ETag of it, to be revalidated on every use", async () => {
    const response = revalidatedJson(get(), [{ id: 1 }], { headers: { Link: "<next>" } });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual([{ id: 1 }]);
    expect(response.headers.get("ETag")).toMatch(/^W\/"[\w-]+"$/);
    expect(response.headers.get("Cache-Control")).toBe("private, no-cache");
    expect(response.headers.get("Link")).toBe("<next>");
  });

  it("answers 304 with no body when If-None-Match names the tag (strong or weak, in a list, or *), else the JSON", async () => {
    const etag = revalidatedJson(get(), { a: 1 }).headers.get("ETag")!;
    for (const header of [etag, etag.slice(2), `"other", ${etag}`, "*"]) {
      const response = revalidatedJson(get(header), { a: 1 });
      expect(response.status, header).toBe(304);
      expect(await response.text()).toBe("");
    }
    expect(revalidatedJson(get(etag), { a: 2 }).status).toBe(200);
  });
});

describe("versionedJson", () => {
  const get = (ifNoneMatch?: string) =>
    new Request("http://localhost/api/x", { headers: ifNoneMatch ? { "If-None-Match": ifNoneMatch } : {} });
  const counted = (data: unknown) => {
    const read = { calls: 0, run: async () => (read.calls++, { data, headers: { Link: "<next>" } }) };
    return read;
  };

  it("tags the answer by its key and answers 304 without reading when If-None-Match names the tag", async () => {
    const list = counted([{ id: 1 }]);
    const first = await versionedJson(get(), "test-list 1", list.run);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual([{ id: 1 }]);
    const etag = first.headers.get("ETag")!;
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    expect(first.headers.get("Cache-Control")).toBe("private, no-cache");
    expect(first.headers.get("Content-Type")).toBe("application/json; charset=utf-8");
    expect(first.headers.get("Link")).toBe("<next>");

    const unchanged = await versionedJson(get(etag), "test-list 1", list.run);
    expect(unchanged.status).toBe(304);
    expect(await unchanged.text()).toBe("");
    expect(unchanged.headers.get("ETag")).toBe(etag);
    expect(list.calls).toBe(1);

    const changed = await versionedJson(get(etag), "test-list 2", counted([{ id: 2 }]).run);
    expect(changed.status).toBe(200);
    expect(changed.headers.get("ETag")).not.toBe(etag);
    expect(await changed.json()).toEqual([{ id: 2 }]);
  });

  it("sends the body built for a key again without reading, and reads again for another key", async () => {
    const list = counted({ rows: ["a", "ü"] });
    const texts = [];
    for (let i = 0; i < 3; i++) texts.push(await (await versionedJson(get(), "test-kept 1", list.run)).text());
    expect(list.calls).toBe(1);
    expect((await versionedJson(get(), "test-kept 1", list.run)).headers.get("Link")).toBe("<next>");
    expect(new Set(texts)).toEqual(new Set([JSON.stringify({ rows: ["a", "ü"] })]));
    await versionedJson(get(), "test-kept 2", list.run);
    expect(list.calls).toBe(2);
  });

  it("sends the kept body gzipped to clients that accept gzip, plain to the others", async () => {
    const data = { rows: Array.from({ length: 500 }, (_, id) => ({ id, name: "Khad Store" })) };
    const list = counted(data);
    const ask = (acceptEncoding: string) =>
      versionedJson(
        new Request("http://localhost/api/x", { headers: { "Accept-Encoding": acceptEncoding } }),
        "test-gzip 1",
        list.run,
      );
    for (const acceptEncoding of ["gzip, deflate, br, zstd", "br;q=1.0, GZIP;q=0.5"]) {
      const response = await ask(acceptEncoding);
      expect(response.headers.get("Content-Encoding"), acceptEncoding).toBe("gzip");
      expect(response.headers.get("Vary")).toBe("Accept-Encoding");
      expect(JSON.parse(gunzipSync(new Uint8Array(await response.arrayBuffer())).toString("utf8"))).toEqual(data);
    }
    for (const acceptEncoding of ["identity", "gzip;q=0", "br"]) {
      const response = await ask(acceptEncoding);
      expect(response.headers.get("Content-Encoding"), acceptEncoding).toBeNull();
      expect(await response.json()).toEqual(data);
    }
    expect(list.calls).toBe(1);
  });

  it("keeps bodies within its memory budget, dropping the least recently used", async () => {
    const big = counted("x".repeat(20 * 1024 * 1024));
    await versionedJson(get(), "test-big 1", big.run);
    await versionedJson(get(), "test-big 2", big.run);
    await versionedJson(get(), "test-big 2", big.run);
    expect(big.calls).toBe(2);
    await versionedJson(get(), "test-big 1", big.run);
    expect(big.calls).toBe(3);
  });
});

describe("apiCall", () => {
  it("answers an AppError that says when to come back with its status, its message and Retry-After", async () => {
    const { apiCall } = await import("~/http/api.server");
    const { AppError } = await import("~/lib/app-error");
    const answer = await apiCall(() => {
      throw new AppError(503, "Busy", { retryAfterSec: 60 });
    });
    expect(answer.status).toBe(503);
    expect(answer.headers.get("Retry-After")).toBe("60");
    expect(await answer.json()).toEqual({ error: "Busy" });
  });
});
