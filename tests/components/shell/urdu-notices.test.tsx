import { screen, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { redirect } from "react-router";
import { describe, expect, test } from "vitest";
import { NAMESPACES } from "~/locales/namespaces";
import type { loader } from "~/routes/notifications/notifications";
import { expectNotice, fakeServer, renderApp, rootData } from "../support/app";
import { network } from "../support/network";
import { profilePage } from "../people/support";

// The browser's own notices in the reader's language (decision 103): a failed request's notice is
// made of catalogs' keys (its reason one of them) and the toaster says them with the page's words.

type Page = Awaited<ReturnType<typeof loader>>;

const TITLE = "ہیڈ آفس سے";

const URDU_WORDS = { language: "ur", namespaces: NAMESPACES, version: "test" } as const;
const URDU = rootData({ language: "ur", messages: URDU_WORDS });

/** An Urdu reader's notifications page, with one unread notification (said by the server). */
function urduServer() {
  return fakeServer(
    {
      "routes/notifications/notifications": (request) => {
        if (request.method !== "GET") return redirect("/notifications");
        return {
          notifications: [
            {
              id: 3,
              type: "SYSTEM",
              badgeType: null,
              title: TITLE,
              message: "پیر سے نئی قیمتیں۔",
              isRead: false,
              previousRank: null,
              newRank: null,
              createdAt: new Date("2026-11-27T09:30:00.000Z"),
            },
          ],
        } satisfies Page;
      },
    },
    URDU,
  );
}

describe("a failed request's notice, read in Urdu", () => {
  test("marking all read fails on the way: the notice says so in Urdu", async () => {
    const server = urduServer();
    const app = await renderApp("/notifications", server);
    await screen.findByRole("button", { name: `پڑھا ہوا کریں: ${TITLE}` });
    server.failNext("500 with JSON", "POST /notifications");
    await app.user.click(screen.getByRole("button", { name: "سب کو پڑھا ہوا کریں" }));
    await expectNotice("خرابی", "سب اطلاعات پڑھی ہوئی نہیں ہو سکیں۔ براہ کرم دوبارہ کوشش کریں۔");
    expect(screen.getByTestId("notice")).not.toHaveTextContent(/[A-Za-z]/);
  });

  test("an expired session says it in Urdu before going to sign in", async () => {
    const server = urduServer();
    const app = await renderApp("/notifications", server);
    await screen.findByRole("button", { name: `پڑھا ہوا کریں: ${TITLE}` });
    server.failNext("session expired", "POST /notifications");
    await app.user.click(screen.getByRole("button", { name: "سب کو پڑھا ہوا کریں" }));
    await expectNotice("آپ سائن آؤٹ ہو گئے ہیں۔ دوبارہ سائن اِن ہو رہا ہے...");
  });
});

test("a profile that failed to save says why in Urdu: the reason is a key said inside the message", async () => {
  const server = fakeServer(
    { "routes/profile/profile": () => ({ ...profilePage("edit-profile", { language: "ur" }), messages: URDU_WORDS }) },
    URDU,
  );
  const app = await renderApp("/profile?editProfile=true", server);
  server.failNext("aborted", "POST /profile");
  await app.user.click(await screen.findByRole("button", { name: "محفوظ کریں" }));
  await expectNotice("خرابی", "پروفائل اپ ڈیٹ نہیں ہو سکا: کنکشن ٹوٹ گیا");
});

test("the bell's dialog lists the notifications as the page's loader says them, in Urdu, not /api's English", async () => {
  // /api/notifications answers integrators in English: the dialog must not read it.
  network.use(
    http.get("/api/notifications", () =>
      HttpResponse.json([{ id: 3, type: "SYSTEM", title: "From the head office", message: "New prices from Monday." }]),
    ),
  );
  const app = await renderApp("/notifications", urduServer());
  await app.user.click(within(screen.getAllByRole("banner")[0]!).getByRole("link", { name: "اطلاعات" }));
  const dialog = await screen.findByRole("dialog", { name: "اطلاعات" });
  expect(await within(dialog).findByText(TITLE)).toBeInTheDocument();
  expect(within(dialog).getByText("پیر سے نئی قیمتیں۔")).toBeInTheDocument();
  expect(within(dialog).queryByText("From the head office")).not.toBeInTheDocument();
});
