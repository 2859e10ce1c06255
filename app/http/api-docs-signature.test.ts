import crypto from "node:crypto";
import { readFileSync } from "node:fs";
import { expect, it } from "vitest";

// The webhook signature check docs/api.md gives receivers to copy, run as written: it accepts a
// fresh, right signature and answers false (never throws) for anything else.

const API_DOCS = new URL("../../docs/api.md", import.meta.url);

function documentedCheck(): (header: string, rawBody: string, secret: string) => boolean {
  const markdown = readFileSync(API_DOCS, "utf8");
  const code = markdown.split("Verify it before trusting the body:")[1]?.match(/```js\n([\s\S]*?)```/)?.[1];
  if (!code) throw new Error("docs/api.md has no signature check after 'Verify it before trusting the body:'");
  const check = new Function("crypto", "header", "rawBody", "secret", `${code}\nreturn valid;`);
  return (header, rawBody, secret) => check(crypto, header, rawBody, secret) as boolean;
}

it("the documented webhook signature check refuses stale, future and malformed signatures without throwing", () => {
  const verify = documentedCheck();
  const secret = "whsec_test";
  const body = JSON.stringify({ event: "post.created", seq: 1 });
  const sign = (t: number, rawBody = body) =>
    `t=${t},v1=${crypto.createHmac("sha256", secret).update(`${t}.${rawBody}`).digest("hex")}`;
  const now = Math.floor(Date.now() / 1000);

  expect(verify(sign(now), body, secret)).toBe(true);
  expect(verify(sign(now - 60), body, secret)).toBe(true);
  expect(verify(sign(now, "another body"), body, secret)).toBe(false);
  expect(verify(sign(now), body, "another secret")).toBe(false);
  expect(verify(sign(now - 600), body, secret)).toBe(false);
  expect(verify(sign(now + 3600), body, secret)).toBe(false);
  for (const header of [`t=${now},v1=zz`, `t=${now},v1=abcd`, `t=${now}`, "", "v1=", `t=x,v1=${"0".repeat(64)}`]) {
    expect(() => verify(header, body, secret), header).not.toThrow();
    expect(verify(header, body, secret), header).toBe(false);
  }
});
