import { describe, expect, it } from "vitest";
import { z } from "~/lib/zod";

const messages = (schema: z.ZodType, value: unknown) =>
  schema.safeParse(value).error?.issues.map((issue) => issue.message);

describe("the app's zod messages", () => {
  const schema = z.strictObject({
    name: z.string().max(5),
    count: z.number().int().min(1).max(9),
    kind: z.enum(["SALE", "RECOVERY"]),
    email: z.email().optional(),
    media: z.array(z.object({ url: z.string().min(1) })).max(1),
  });

  it("name the field and say what it takes, instead of zod's wording", () => {
    expect(
      messages(schema, { name: null, count: "3", kind: "X", email: "nope", media: [{ url: "" }, { url: "b" }] }),
    ).toEqual([
      "name must be text",
      "count must be a number",
      'kind must be one of "SALE", "RECOVERY"',
      "email must be a valid email address",
      "media can have at most 1 item",
    ]);
    expect(messages(schema, { name: "a", count: 1, kind: "SALE", media: [{ url: "" }] })).toEqual([
      "media.0.url is required",
    ]);
    expect(messages(schema, { name: "toolong", count: 1.5, kind: "SALE", media: [], extra: 1, other: 2 })).toEqual([
      "name must be 5 characters or less",
      "count must be a whole number",
      'Unknown fields "extra", "other": leave them out, this call does not take them',
    ]);
    expect(messages(schema, { count: 10, kind: "SALE", media: [] })).toEqual([
      "name is required",
      "count must be 9 or less",
    ]);
  });

  it("leave a schema's own message alone", () => {
    expect(messages(z.object({ name: z.string({ error: "Business name is required" }) }), {})).toEqual([
      "Business name is required",
    ]);
  });
});
