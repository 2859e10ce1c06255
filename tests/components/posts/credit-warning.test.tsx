import { screen, waitFor, within } from "@testing-library/react";
import { english } from "../../support/english";
import { redirect } from "react-router";
import { beforeAll, expect, test } from "vitest";
import { CONFIRM_CREDIT_NEEDED, LIMIT_BLOCKS_SALE } from "~/lib/ledger";
import { http, HttpResponse } from "msw/http";
import { fakeServer, renderApp } from "../support/app";
import { network } from "../support/network";
import { phoneAt } from "../support/phone";
import { feedPage, newPostPage } from "./support";

// New Post's credit warning with JavaScript (decision 82): it shows as the officer picks the
// dealer and types the sale, with what the dealer owes and the limit; the form is not sent until
// "Post anyway" is ticked, and then sends the confirmation with it.

beforeAll(async () => {
  await import("~/routes/posts/new-post");
}, 60_000);

const DEALER = { id: 41, businessName: "Kisan Traders", city: "Okara" };
const ACCOUNT = { balanceCents: 60_000, outstandingCents: 60_000, overdueCents: 0, creditLimitCents: 100_000 };
const PAST_LIMIT =
  "This dealer owes $600.00. Credit limit: $1,000.00. This sale takes the balance to $1,100.00, past the limit.";

/** What the send queue sent to /api/posts. */
let queued: Record<string, unknown>[] = [];

function creditServer(limitBlocks = false) {
  queued = [];
  network.use(
    http.get("/api/geocode/reverse", () => HttpResponse.json({ address: "Grain Market, Okara", fromProvider: true })),
    http.post("/api/posts", async ({ request }) => {
      queued.push((await request.json()) as Record<string, unknown>);
      return HttpResponse.json({ id: 78 }, { status: 201 });
    }),
  );
  return fakeServer({
    "routes/feed/home": () => feedPage([]),
    "routes/posts/new-post": (request) =>
      request.method === "POST"
        ? redirect("/")
        : {
            ...newPostPage(),
            dealers: [{ ...DEALER, account: ACCOUNT }],
            accountsAt: "Nov 28, 2026, 2:05 PM",
            creditLimitBlocks: limitBlocks,
          },
  });
}

/** A sale of 5 bags at $100.00 to the dealer: $1,100.00 owed after it, past the $1,000.00 limit. */
async function fillPastLimit(app: Awaited<ReturnType<typeof renderApp>>) {
  await app.user.selectOptions(await screen.findByLabelText(/^Post type/), "SALE");
  await app.user.selectOptions(screen.getByLabelText(/^Dealer/), String(DEALER.id));
  await app.user.selectOptions(screen.getByLabelText("Product"), "SSP");
  await app.user.type(screen.getByLabelText("Price per unit ($)"), "100");
  await app.user.type(screen.getByLabelText("Quantity (bags)"), "5");
  expect(await screen.findByRole("alert")).toHaveTextContent(PAST_LIMIT);
}

test("the warning shows live as the sale passes the limit, and the sale goes only once Post anyway is ticked", async () => {
  phoneAt(30.81, 73.45);
  const server = creditServer();
  const app = await renderApp("/new-post", server);
  await app.user.selectOptions(await screen.findByLabelText(/^Post type/), "SALE");
  const dealer = screen.getByLabelText(/^Dealer/);
  expect(screen.getByRole("option", { name: "Kisan Traders (Okara) · owes $600.00, limit $1,000.00" })).toBeTruthy();
  expect(screen.getByText("Balances as of Nov 28, 2026, 2:05 PM.")).toBeVisible();
  await app.user.selectOptions(dealer, String(DEALER.id));
  await app.user.selectOptions(screen.getByLabelText("Product"), "SSP");
  await app.user.type(screen.getByLabelText("Price per unit ($)"), "100");
  await app.user.type(screen.getByLabelText("Quantity (bags)"), "4");
  // $400.00 more keeps them within the limit: nothing to warn of.
  expect(screen.queryByRole("alert")).toBeNull();
  await app.user.clear(screen.getByLabelText("Quantity (bags)"));
  await app.user.type(screen.getByLabelText("Quantity (bags)"), "5");
  expect(await screen.findByRole("alert")).toHaveTextContent(PAST_LIMIT);
  // Paid at the counter brings it back within the limit.
  await app.user.type(screen.getByLabelText("Paid at the counter ($)"), "100");
  await waitFor(() => expect(screen.queryByText(PAST_LIMIT)).toBeNull());
  await app.user.clear(screen.getByLabelText("Paid at the counter ($)"));
  expect(await screen.findByText(PAST_LIMIT)).toBeVisible();

  const posted = () => server.reached.filter((request) => request.method === "POST" && request.path === "/new-post");
  await app.user.click(screen.getByRole("button", { name: "Post" }));
  expect(await screen.findByText(english(CONFIRM_CREDIT_NEEDED))).toBeVisible();
  expect(posted()).toHaveLength(0);

  await app.user.click(screen.getByRole("checkbox", { name: "Post anyway" }));
  await app.user.click(screen.getByRole("button", { name: "Post" }));
  await screen.findByRole("heading", { name: "Feed" });
  expect(posted().map((request) => request.form?.get("confirmCredit"))).toEqual(["yes"]);
});

test("a confirmed sale that fails on the way waits on the phone and goes through /api without asking again", async () => {
  phoneAt(30.81, 73.45);
  const server = creditServer();
  const app = await renderApp("/new-post", server);
  await fillPastLimit(app);
  await app.user.type(screen.getByLabelText("Paid at the counter ($)"), "50");
  await app.user.click(screen.getByRole("checkbox", { name: "Post anyway" }));
  server.failNext("aborted", "POST /new-post");
  await app.user.click(screen.getByRole("button", { name: "Post" }));
  expect(await screen.findByText("Saved on this phone, waiting to send")).toBeVisible();
  const bar = await screen.findByRole("region", { name: "Connection" });
  await app.user.click(await within(bar).findByRole("button", { name: "Send now" }));
  await waitFor(() => expect(queued).toHaveLength(1));
  // /api asks no confirmation (decision 82): the officer's was asked before the post was kept.
  expect(queued[0]).toMatchObject({ type: "SALE", saleQty: "5", salePrice: "100", salePaid: "50" });
  expect(queued[0]).not.toHaveProperty("confirmCredit");
});

test("with the company's limit blocking, the warning says the sale is refused and offers no Post anyway", async () => {
  phoneAt(30.81, 73.45);
  const app = await renderApp("/new-post", creditServer(true));
  await fillPastLimit(app);
  expect(screen.getByRole("alert")).toHaveTextContent(`${PAST_LIMIT} ${LIMIT_BLOCKS_SALE}`);
  expect(screen.queryByRole("checkbox", { name: "Post anyway" })).toBeNull();
});
