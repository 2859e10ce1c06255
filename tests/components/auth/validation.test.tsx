import { parseWithZod } from "@conform-to/zod/v4";
import { screen, waitFor } from "@testing-library/react";
import { data } from "react-router";
import { describe, expect, test } from "vitest";
import { INVALID_RESET_LINK, loginSchema, registrationSchema, resetPasswordFormSchema } from "~/models/user.schema";
import { english } from "../../support/english";
import { fakeServer, renderApp, rootData } from "../support/app";

// The account forms with JavaScript on (tests/e2e/auth/form-validation.spec.ts proves the same
// messages from the server without it; Chromium keeps the sign-in form's as the representative of
// Conform's checks in a real browser): Conform's checks show each message on its field before
// anything is sent, and nothing reaches the server while one fails; a refusal from the server
// shows its message in place and keeps what was typed.

/** Nobody is signed in on these pages. */
const SIGNED_OUT = rootData({ user: null });

/** The refusal the page's action answers (400, the form's reply with `errors`), as the real action builds it. */
const refusal = (reply: unknown) => data({ result: reply }, { status: 400 });

describe("sign-in form", () => {
  test("required fields are named before sending; wrong credentials are refused in place", async () => {
    const server = fakeServer(
      {
        "routes/auth/login": async (request) => {
          if (request.method === "GET") return null;
          const submission = parseWithZod(await request.formData(), { schema: loginSchema });
          return refusal(submission.reply({ formErrors: ["Invalid username or password"], hideFields: ["password"] }));
        },
      },
      SIGNED_OUT,
    );
    const app = await renderApp("/login", server, { signInPage: true });
    await app.user.click(await screen.findByRole("button", { name: "Sign In" }));
    await screen.findByText("Username is required");
    expect(screen.getByText("Password is required")).toBeInTheDocument();
    expect(server.count("POST /login")).toBe(0);

    await app.user.type(screen.getByLabelText("Username"), "officer1");
    await app.user.type(screen.getByLabelText("Password"), "not-the-password");
    // Typing into a field with a message checks it again: both are gone.
    await waitFor(() => expect(screen.queryByText("Username is required")).not.toBeInTheDocument());
    expect(screen.queryByText("Password is required")).not.toBeInTheDocument();
    await app.user.click(screen.getByRole("button", { name: "Sign In" }));
    await screen.findByText("Invalid username or password");
    expect(server.count("POST /login")).toBe(1);
    expect(screen.getByLabelText("Username")).toHaveValue("officer1");
    expect(app.address()).toBe("/login");
  });
});

describe("registration form", () => {
  test("formats and lengths are named before sending; a taken name is refused in place", async () => {
    const server = fakeServer(
      {
        "routes/auth/register": async (request) => {
          if (request.method === "GET") return { invite: null, note: null };
          const submission = parseWithZod(await request.formData(), { schema: registrationSchema });
          return refusal(
            submission.reply({
              fieldErrors: { username: ["This username is already taken"] },
              hideFields: ["password"],
            }),
          );
        },
      },
      SIGNED_OUT,
    );
    const app = await renderApp("/register", server);
    await app.user.type(await screen.findByLabelText("Username"), "a b");
    await app.user.type(screen.getByLabelText("Email"), "not-an-email");
    await app.user.type(screen.getByLabelText("Password"), "12345");
    await app.user.click(screen.getByRole("button", { name: "Create Account" }));
    await screen.findByText("Username must be 3 to 32 letters, digits, '.', '_' or '-'");
    expect(screen.getByText("Invalid email")).toBeInTheDocument();
    expect(screen.getByText("Password must be at least 6 characters long")).toBeInTheDocument();
    expect(server.count("POST /register")).toBe(0);

    await app.user.clear(screen.getByLabelText("Username"));
    await app.user.type(screen.getByLabelText("Username"), "OFFICER1");
    await app.user.clear(screen.getByLabelText("Email"));
    await app.user.type(screen.getByLabelText("Email"), "someone-new@example.pk");
    await app.user.clear(screen.getByLabelText("Password"));
    await app.user.type(screen.getByLabelText("Password"), "123456");
    await app.user.click(screen.getByRole("button", { name: "Create Account" }));
    await screen.findByText("This username is already taken");
    expect(server.count("POST /register")).toBe(1);
    expect(screen.getByLabelText("Username")).toHaveValue("OFFICER1");
    expect(screen.queryByText("Invalid email")).not.toBeInTheDocument();
  });
});

describe("reset form", () => {
  test("disabled until both are typed; short and mismatched passwords are named before sending; a bad link is refused", async () => {
    const server = fakeServer(
      {
        "routes/auth/reset-password": async (request) => {
          if (request.method === "GET") return { token: "whatever", done: false };
          const submission = parseWithZod(await request.formData(), { schema: resetPasswordFormSchema });
          return refusal(
            submission.reply({ formErrors: [INVALID_RESET_LINK], hideFields: ["newPassword", "confirmPassword"] }),
          );
        },
      },
      SIGNED_OUT,
    );
    const app = await renderApp("/reset-password?token=whatever", server);
    const reset = () => screen.getByRole("button", { name: "Reset Password" });
    // The button is disabled while either field is empty.
    await waitFor(() => expect(reset()).toBeDisabled());
    await app.user.type(screen.getByLabelText("New password"), "123456");
    expect(reset()).toBeDisabled();

    const typeBoth = async (password: string, confirmation: string) => {
      await app.user.clear(screen.getByLabelText("New password"));
      await app.user.type(screen.getByLabelText("New password"), password);
      await app.user.clear(screen.getByLabelText("Confirm password"));
      await app.user.type(screen.getByLabelText("Confirm password"), confirmation);
      await app.user.click(reset());
    };
    await typeBoth("12345", "12345");
    await screen.findByText("Password must be at least 6 characters long");
    expect(server.count("POST /reset-password")).toBe(0);

    await typeBoth("123456", "1234567");
    await screen.findByText("Passwords do not match");
    expect(screen.queryByText("Password must be at least 6 characters long")).not.toBeInTheDocument();
    expect(server.count("POST /reset-password")).toBe(0);

    await typeBoth("123456", "123456");
    await screen.findByText(english(INVALID_RESET_LINK));
    expect(server.count("POST /reset-password")).toBe(1);
  });
});

describe("forgot-password form", () => {
  test("disabled until an email is typed; an invalid one is named before sending", async () => {
    const server = fakeServer(
      {
        "routes/auth/forgot-password": (request) => (request.method === "GET" ? { sent: false, message: null } : null),
      },
      SIGNED_OUT,
    );
    const app = await renderApp("/forgot-password", server);
    const send = () => screen.getByRole("button", { name: "Send Reset Link" });
    await waitFor(() => expect(send()).toBeDisabled());
    await app.user.type(screen.getByLabelText("Email"), "nope");
    expect(send()).toBeEnabled();
    await app.user.click(send());
    await screen.findByText("Invalid email");
    expect(server.count("POST /forgot-password")).toBe(0);
  });
});
