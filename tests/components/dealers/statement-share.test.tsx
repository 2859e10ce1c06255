import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, test, vi } from "vitest";
import type { StatementShown } from "~/lib/statement";
import { fakeServer, renderApp } from "../support/app";

// The statement's share link with JavaScript (issue 48, item 4): the phone's share sheet where the
// browser has one (Web Share), a closed sheet being no failure and a refused one saying what to do
// instead; the WhatsApp link and the link to copy either way.

const URL_OF_LINK = "https://fieldline.example/statement/12.20261101.20261128.1796480779.c2lnbmVk";
const TITLE = "Statement of Faults Agro, 2026-11-01 to 2026-11-28, as of Nov 28, 2026, 12:00 PM";
const SHARE_FAILED = "Could not open the share sheet: copy the link or send it by WhatsApp.";

const statement = (): StatementShown => ({
  dealer: { id: 12, businessName: "Faults Agro", address: "Shop 3, Grain Market, Okara, Punjab" },
  period: { from: "2026-11-01", to: "2026-11-28" },
  asOf: new Date("2026-11-28T07:00:00Z"),
  openingBalanceCents: 0n,
  entries: [],
  debitsCents: 0n,
  creditsCents: 0n,
  closingBalanceCents: 0n,
});

/** What /dealer-details/12/statement?link=… answers (app/routes/dealers/statement.tsx's loader). */
function statementServer() {
  return fakeServer({
    "routes/dealers/statement": () => ({
      dealerId: 12,
      statement: statement(),
      title: TITLE,
      form: { from: "2026-11-01", to: "2026-11-28" },
      errors: [],
      link: { url: URL_OF_LINK, expiresAt: new Date("2026-12-05T07:00:00Z") },
    }),
  });
}

const PAGE = "/dealer-details/12/statement?link=12.20261101.20261128.1796480779.c2lnbmVk";

afterEach(() => {
  Reflect.deleteProperty(navigator, "share");
});

describe("a statement's share link", () => {
  test("without a share sheet: the link to copy and WhatsApp's link with the title and the link", async () => {
    await renderApp(PAGE, statementServer());
    const link = await screen.findByRole("textbox", { name: "Statement link" });
    expect(link).toHaveProperty("value", URL_OF_LINK);
    expect(screen.queryByRole("button", { name: "Share…" })).toBeNull();
    expect(screen.getByRole("link", { name: "Send by WhatsApp" }).getAttribute("href")).toBe(
      `https://wa.me/?text=${encodeURIComponent(`${TITLE}: ${URL_OF_LINK}`)}`,
    );
  });

  test("the phone's share sheet gets the title and the link; closing it says nothing, a refusal says what to do", async () => {
    const share = vi.fn<(data: ShareData) => Promise<void>>();
    Object.defineProperty(navigator, "share", { value: share, configurable: true });
    await renderApp(PAGE, statementServer());
    const user = userEvent.setup();
    const button = await screen.findByRole("button", { name: "Share…" });

    share.mockRejectedValueOnce(new DOMException("Share canceled", "AbortError"));
    await user.click(button);
    expect(share).toHaveBeenCalledWith({ title: TITLE, text: TITLE, url: URL_OF_LINK });
    expect(screen.queryByText(SHARE_FAILED)).toBeNull();

    share.mockRejectedValueOnce(new DOMException("Not allowed", "NotAllowedError"));
    await user.click(button);
    await waitFor(() => expect(screen.getByText(SHARE_FAILED)).toBeTruthy());
  });
});
