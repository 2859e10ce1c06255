// A client of the JSON API typed from /api/openapi.json: openapi-typescript's types of the
// document (tests/api/generated/openapi.d.ts, written by `npm run openapi`) and openapi-fetch.
// A test that calls the API through it proves that a client generated from the document works:
// paths, methods, parameters (headers such as If-Match included), bodies and answers all come
// from the document, so a call it does not describe does not compile. See docs/testing.md.
import createClient, { type Client } from "openapi-fetch";
import type { paths } from "../generated/openapi";

export type ApiClient = Client<paths>;

/**
 * A typed client with a cookie jar of its own (the session cookie), sending `headers` on every
 * request (a test's own X-Forwarded-For, so rate limits count it apart).
 */
export function typedApiClient(baseUrl: string, headers: Record<string, string> = {}): ApiClient {
  const cookies = new Map<string, string>();
  const client = createClient<paths>({ baseUrl, headers });
  client.use({
    onRequest({ request }) {
      if (cookies.size > 0)
        request.headers.set("Cookie", [...cookies].map(([name, value]) => `${name}=${value}`).join("; "));
      return request;
    },
    onResponse({ response }) {
      for (const header of response.headers.getSetCookie()) {
        const [pair = ""] = header.split(";");
        const [name = "", value = ""] = pair.split(/=(.*)/s);
        if (/Max-Age=0|Expires=Thu, 01 Jan 1970/i.test(header)) cookies.delete(name.trim());
        else cookies.set(name.trim(), value);
      }
      return response;
    },
  });
  return client;
}

/** A typed client signed in as `username` (POST /api/login through the client itself). */
export async function signedInClient(
  baseUrl: string,
  username: string,
  password = "fieldline",
  headers: Record<string, string> = {},
): Promise<ApiClient> {
  const client = typedApiClient(baseUrl, headers);
  const { response } = await client.POST("/api/login", { body: { username, password } });
  if (response.status !== 200) throw new Error(`Signing in as ${username} answered ${response.status}`);
  return client;
}
