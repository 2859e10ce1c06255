import { screen, within } from "@testing-library/react";
import { http, HttpResponse } from "msw/http";
import { redirect } from "react-router";
import { describe, expect, test, vi } from "vitest";
import { NAMESPACES } from "~/locales/namespaces";
import type { loader } from "~/routes/notifications/notifications";
import { expectNotice, fakeServer, renderApp, rootData } from "../support/app";
import { network } from "../support/network";
import { profilePage } from "../people/support";
import { aDealer, DEALER_ID, editPage } from "../dealers/support";

// The dealer's page is what is tested, not its map (Leaflet): a stand-in in its place.
vi.mock("~/components/map/location-map.client", () => ({ default: () => <div>Map</div> }));

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

test("an enhanced form's failure notice is common's key (common:failed.*), said in Urdu", async () => {
  const server = fakeServer(
    {
      "routes/dealers/details": () => ({
        ...editPage(aDealer()),
        editing: false,
        visits: { lastVisit: null, total: 0, visits: [], nextCursor: null },
        account: {
          account: {
            dealerId: DEALER_ID,
            balanceCents: 0n,
            outstandingCents: 0n,
            overdueCents: 0n,
            ageing: { days0to30: 0n, days31to60: 0n, days61to90: 0n, over90: 0n },
            creditLimitCents: null,
            paymentTermsDays: 30,
            oldestUnpaidDays: 0,
          },
          entries: [],
          updatedAt: "2026-11-28T07:00:00.000Z",
          mayManage: true,
          mayOpen: false,
          ownTermsDays: null,
        },
        accountKey: "account-key-1",
      }),
    },
    URDU,
  );
  const app = await renderApp(`/dealer-details/${DEALER_ID}`, server);
  await screen.findByRole("heading", { name: "کھاتہ" });
  await app.user.click(screen.getByText("بقایا میں ایڈجسٹمنٹ کریں", { selector: "summary" }));
  const form = within(document.querySelector<HTMLElement>("form#account-adjust")!);
  await app.user.type(form.getByLabelText("رقم"), "1250.50");
  await app.user.type(form.getByLabelText("ایڈجسٹمنٹ کی وجہ"), "پرانا بل");
  server.failNext("500 with JSON", `POST /dealer-details/${DEALER_ID}`);
  await app.user.click(form.getByRole("button", { name: "بقایا میں ایڈجسٹمنٹ کریں" }));
  await expectNotice("بقایا ایڈجسٹ نہیں ہو سکا");
  expect(screen.getByTestId("notice")).not.toHaveTextContent(/[A-Za-z]/);
});

test("an admin page whose loader failed says so in Urdu with the root's words (common)", async () => {
  const server = fakeServer(
    {
      "routes/admin/teams": () => {
        throw new Response("The database is locked", { status: 500 });
      },
    },
    URDU,
  );
  await renderApp("/admin/teams", server);
  expect(await screen.findByText("ٹیمیں لوڈ نہیں ہو سکیں")).toBeVisible();
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
