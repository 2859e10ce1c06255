import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { locationSetupSchema, registrationSchema, resetPasswordFormSchema } from "~/models/user.schema";
import { english } from "../../tests/support/english";

function form(entries: Record<string, string>) {
  const data = new FormData();
  for (const [key, value] of Object.entries(entries)) data.append(key, value);
  return data;
}

/** The submission's errors in English, as an English page shows them (the schema says keys). */
function errorsOf(submission: { status?: string; error?: Record<string, string[] | null> | null }) {
  const errors = submission.status === "success" ? {} : (submission.error ?? {});
  return Object.fromEntries(
    Object.entries(errors).map(([field, messages]) => [field, messages?.map((message) => english(message))]),
  );
}

describe("registration form", () => {
  it("requires username, email and password with the agreed messages", () => {
    const result = parseWithZod(form({ username: "", email: "", password: "" }), { schema: registrationSchema });
    expect(errorsOf(result)).toMatchObject({
      username: ["Username is required"],
      email: ["Email is required"],
      password: ["Password is required"],
    });
  });

  it("checks the username's characters, the email and the password length", () => {
    const result = parseWithZod(form({ username: "a b", email: "not-an-email", password: "12345" }), {
      schema: registrationSchema,
    });
    expect(errorsOf(result)).toMatchObject({
      username: ["Username must be 3 to 32 letters, digits, '.', '_' or '-'"],
      email: ["Invalid email"],
      password: ["Password must be at least 6 characters long"],
    });
    const long = parseWithZod(form({ username: "abc", email: "a@b.pk", password: "x".repeat(129) }), {
      schema: registrationSchema,
    });
    expect(errorsOf(long)).toMatchObject({ password: ["Password must be 128 characters or less"] });
  });
});

describe("reset password form", () => {
  it("requires matching passwords of at least 6 characters", () => {
    const short = parseWithZod(form({ token: "t", newPassword: "12345", confirmPassword: "12345" }), {
      schema: resetPasswordFormSchema,
    });
    expect(errorsOf(short)).toMatchObject({ newPassword: ["Password must be at least 6 characters long"] });
    const mismatch = parseWithZod(form({ token: "t", newPassword: "123456", confirmPassword: "1234567" }), {
      schema: resetPasswordFormSchema,
    });
    expect(errorsOf(mismatch)).toMatchObject({ confirmPassword: ["Passwords do not match"] });
  });
});

describe("location setup form", () => {
  it("needs at least one place, with both coordinates in range", () => {
    expect(errorsOf(parseWithZod(form({}), { schema: locationSetupSchema }))).toMatchObject({
      homeLat: ["Please select a location on the map."],
    });
    expect(
      errorsOf(parseWithZod(form({ homeLat: "95", homeLng: "74" }), { schema: locationSetupSchema })),
    ).toMatchObject({
      homeLat: ["Latitude must be between -90 and 90"],
    });
    const ok = parseWithZod(form({ warehouseLat: "31.45", warehouseLng: "73.13" }), { schema: locationSetupSchema });
    expect(ok.status).toBe("success");
  });
});
