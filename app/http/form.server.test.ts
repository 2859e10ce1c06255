import { data } from "react-router";
import { describe, expect, it } from "vitest";
import { formCall, parseForm, requirePageId } from "~/http/form.server";
import { inLanguage } from "~/http/language.server";
import { languageSchema } from "~/models/language.schema";
import { AppError } from "~/lib/app-error";

describe("formCall", () => {
  const busy = () => Promise.reject(new AppError(503, "Busy", { retryAfterSec: 60 }));

  it("gives the page's reply to a refusal that says when to come back its Retry-After", async () => {
    const reply = await formCall(busy, (error) => data({ error: error.message }, { status: error.status }));
    expect(reply).toMatchObject({ data: { error: "Busy" }, init: { status: 503 } });
    expect(new Headers((reply as ReturnType<typeof data>).init?.headers).get("Retry-After")).toBe("60");
  });

  it("sets Retry-After on a Response reply too, and leaves a refusal without one alone", async () => {
    const response = await formCall(busy, (error) => new Response(error.message, { status: error.status }));
    expect((response as Response).headers.get("Retry-After")).toBe("60");
    const plain = await formCall(
      () => Promise.reject(new AppError(400, "No")),
      (error) => data({ error: error.message }, { status: error.status }),
    );
    expect(new Headers((plain as ReturnType<typeof data>).init?.headers).has("Retry-After")).toBe(false);
  });

  it("hands the page's reply a refusal said in the reader's language, its values in place", async () => {
    const refusal = () =>
      Promise.reject(new AppError(429, "common:errors.dailyUploadLimit", { values: { megabytes: 200 } }));
    const message = (error: AppError) => error.message;
    expect(await inLanguage("ur", () => formCall(refusal, message))).toBe(
      "آج کی اپ لوڈ کی حد پوری ہو گئی (روزانہ 200 MB)۔ کل دوبارہ کوشش کریں۔",
    );
    expect(await formCall(refusal, message)).toBe("Daily upload limit reached (200 MB a day). Try again tomorrow.");
  });
});

describe("requirePageId", () => {
  it("reads the id in a page's URL, and answers 404 with the page's message for a malformed one", () => {
    expect(requirePageId("16", "Post not found")).toBe(16);
    for (const value of ["0x10", "1e1", " 16", "007", "0", undefined]) {
      expect(() => requirePageId(value, "Post not found"), String(value)).toThrow(
        expect.objectContaining({ data: "Post not found", init: { status: 404, statusText: "Not Found" } }),
      );
    }
  });
});

describe("parseForm", () => {
  it("says a schema's messages in the reader's language, so a reply without JavaScript reads in it", () => {
    const form = new FormData();
    form.set("language", "fr");
    const reply = inLanguage("ur", () => parseForm(form, languageSchema).reply());
    expect(reply.error).toEqual({ language: ["انگریزی یا اردو چنیں۔"] });
    expect(parseForm(form, languageSchema).reply().error).toEqual({ language: ["Choose English or Urdu."] });
  });
});
