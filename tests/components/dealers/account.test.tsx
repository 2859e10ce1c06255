import { screen, waitFor, within } from "@testing-library/react";
import { expect, test, vi } from "vitest";
import { SUBMISSION_KEY_FIELD } from "~/lib/submission-key";
import type { AccountSummary, LedgerEntryView } from "~/lib/ledger";
import { AMOUNT_INVALID } from "~/models/ledger.schema";
import { english } from "../../support/english";
import { PAST_PATIENCE_MS } from "../../support/faults";
import { expectNotice, renderApp } from "../support/app";
import { aDealer, DEALER_ID, dealerServer, editPage } from "./support";

// The dealer's account forms with JavaScript (issue 48): the browser checks an amount with the
// server's schema before sending, and a form whose answer never came keeps what was typed, says
// so in the spec's words, and one more tap writes it once (its submission key).

vi.mock("~/components/map/location-map.client", () => ({ default: () => <div>Map</div> }));

const PAGE = `/dealer-details/${DEALER_ID}`;
const POST = `POST ${PAGE}`;

function account(balanceCents: bigint): AccountSummary {
  return {
    dealerId: DEALER_ID,
    balanceCents,
    outstandingCents: balanceCents,
    overdueCents: 0n,
    ageing: { days0to30: balanceCents, days31to60: 0n, days61to90: 0n, over90: 0n },
    creditLimitCents: null,
    paymentTermsDays: 30,
    oldestUnpaidDays: 0,
  };
}

/** The dealer's page as a manager of its team sees it; an adjustment writes once per key. */
function accountServer() {
  const adjustments = new Map<string, bigint>();
  const balance = () => [...adjustments.values()].reduce((sum, cents) => sum + cents, 0n);
  const entries = (): LedgerEntryView[] =>
    [...adjustments.entries()].map(([, cents], index) => ({
      id: index + 1,
      dealerId: DEALER_ID,
      kind: "ADJUSTMENT",
      amountCents: cents,
      balanceAfterCents: cents,
      at: new Date("2026-11-28T07:00:00Z"),
      postId: null,
      reversesId: null,
      reversedById: null,
      reason: "Old invoice",
      createdBy: { id: 3, name: "Tariq Mehmood" },
    }));
  const server = dealerServer({
    "routes/dealers/details": async (request) => {
      if (request.method === "GET")
        return {
          ...editPage(aDealer()),
          editing: false,
          visits: { lastVisit: null, total: 0, visits: [], nextCursor: null },
          account: {
            account: account(balance()),
            entries: entries(),
            updatedAt: "2026-11-28T07:00:00.000Z",
            mayManage: true,
            mayOpen: false,
            ownTermsDays: null,
          },
          accountKey: "account-key-1",
        };
      const form = await request.formData();
      // Without a key every send is a write of its own.
      const key = String(form.get(SUBMISSION_KEY_FIELD) ?? crypto.randomUUID());
      if (!adjustments.has(key)) adjustments.set(key, BigInt(Math.round(Number(form.get("amount")) * 100)));
      return server.redirectWithNotice(`${PAGE}#account`, "Balance adjusted successfully!");
    },
  });
  return { server, writes: () => adjustments.size };
}

const adjustForm = () => document.querySelector<HTMLElement>("form#account-adjust")!;

test("an amount the schema refuses is said in the browser, and nothing is sent", async () => {
  const { server } = accountServer();
  const app = await renderApp(PAGE, server);
  await screen.findByRole("heading", { name: "Account" });
  await app.user.click(screen.getByText("Adjust balance", { selector: "summary" }));
  const form = within(adjustForm());
  await app.user.type(form.getByLabelText("Amount"), "12.345");
  await app.user.type(form.getByLabelText("Reason for the adjustment"), "Rounding");
  await app.user.click(form.getByRole("button", { name: "Adjust balance" }));
  expect(await form.findByText(english(AMOUNT_INVALID))).toBeVisible();
  expect(server.count(POST)).toBe(0);
});

test("an adjustment whose answer never came keeps what was typed; one more tap writes it once", async () => {
  const { server, writes } = accountServer();
  const app = await renderApp(PAGE, server);
  await screen.findByRole("heading", { name: "Account" });
  await app.user.click(screen.getByText("Adjust balance", { selector: "summary" }));
  const form = () => within(adjustForm());
  await app.user.type(form().getByLabelText("Amount"), "1250.50");
  await app.user.type(form().getByLabelText("Reason for the adjustment"), "Old invoice");
  server.failNext("no answer in time", POST);
  await app.user.click(form().getByRole("button", { name: "Adjust balance" }));
  await vi.advanceTimersByTimeAsync(PAST_PATIENCE_MS);
  await expectNotice("Failed to adjust balance");
  await waitFor(() => expect(form().getByLabelText("Amount")).toHaveValue("1250.50"));
  expect(form().getByLabelText("Reason for the adjustment")).toHaveValue("Old invoice");

  // The notice can come before the pending "Adjusting..." ends: the tap waits for the button, as a person would.
  await app.user.click(await form().findByRole("button", { name: "Adjust balance" }));
  await expectNotice("Balance adjusted successfully!");
  expect(server.count(POST)).toBe(2);
  // The first got there too: the same key wrote it once.
  expect(writes()).toBe(1);
  await waitFor(() => expect(screen.getByRole("list", { name: "Recent entries" })).toHaveTextContent("$1,250.50"));
});
