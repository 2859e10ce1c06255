import { describe, expect, it } from "vitest";
import { apiBearerToken } from "~/http/credentials.server";

describe("apiBearerToken", () => {
  it("reads the token of an /api call's Bearer header, whatever the scheme's case and the spaces around it", () => {
    expect(apiBearerToken("/api/posts", "Bearer fl_abc")).toBe("fl_abc");
    expect(apiBearerToken("/api/posts", "bearer \t fl_abc  ")).toBe("fl_abc");
  });

  it("is empty for a Bearer header without a token, and null without the header or with another scheme", () => {
    expect(apiBearerToken("/api/posts", "Bearer")).toBe("");
    expect(apiBearerToken("/api/posts", "Bearer   ")).toBe("");
    expect(apiBearerToken("/api/posts", null)).toBeNull();
    expect(apiBearerToken("/api/posts", undefined)).toBeNull();
    expect(apiBearerToken("/api/posts", "Basic dXNlcjpwYXNz")).toBeNull();
    expect(apiBearerToken("/api/posts", "Bearerfl_abc")).toBeNull();
  });

  it("is null on a page: pages never take a token", () => {
    expect(apiBearerToken("/posts", "Bearer fl_abc")).toBeNull();
    expect(apiBearerToken("/apiary", "Bearer fl_abc")).toBeNull();
  });
});
