import { describe, expect, it } from "vitest";
import { AppError } from "~/lib/app-error";
import { idSchema, parseId, requireId } from "~/lib/ids";

// One rule for ids: 1 to 9 plain digits without a leading zero, wherever the id comes from.
const NOT_IDS = ["0x10", "1e1", " 16", "16 ", "016", "0", "-1", "1.5", "+16", "1234567890", ""];

describe("parseId and requireId", () => {
  it("read plain digits and nothing else", () => {
    expect(parseId("16")).toBe(16);
    expect(parseId("999999999")).toBe(999_999_999);
    for (const value of [...NOT_IDS, undefined, null, 16]) expect(parseId(value), String(value)).toBeNull();
    expect(requireId("7", "Post not found")).toBe(7);
    expect(() => requireId("0x10", "Post not found")).toThrow(new AppError(404, "Post not found"));
  });
});

describe("idSchema", () => {
  const agent = idSchema("Agent must be a user id");

  it("takes the id as text (a form or a query) or as a JSON number", () => {
    expect(agent.parse("16")).toBe(16);
    expect(agent.parse(16)).toBe(16);
  });

  it("answers its own message for anything that is not an id by parseId's rule", () => {
    for (const value of [...NOT_IDS, 0, -1, 1.5, 1e10, null, undefined, true]) {
      expect(
        agent.safeParse(value).error?.issues.map((issue) => issue.message),
        String(value),
      ).toEqual(["Agent must be a user id"]);
    }
  });
});
