import { beforeEach, describe, expect, it } from "vitest";
import { prisma, resetDatabase } from "../../tests/support/db";
import { english } from "../../tests/support/english";
import { type AppError } from "~/lib/app-error";
import { LIMIT_BLOCKS_SALE } from "~/lib/ledger";
import { CREDIT_WARNING_WITHOUT_FIGURES, readableAccounts, saveCreditSettings } from "~/models/ledger.server";
import { CREDIT_SALE, storedValues } from "~/models/notification.server";
import { PAID_OVER_TOTAL, postSchema } from "~/models/post.schema";
import { createPost, getPost } from "~/models/post.server";

// New Post at the counter (decision 82): what was paid of a sale, and a sale past the dealer's
// credit limit or to a dealer with overdue money, warned (the page confirms), refused when the
// company's setting makes the limit block, and told to the managers of the dealer's team.

beforeEach(resetDatabase);

async function setUp({ limitCents = 100_000n }: { limitCents?: bigint | null } = {}) {
  const team = await prisma.team.create({ data: { name: "Okara" } });
  const other = await prisma.team.create({ data: { name: "Multan" } });
  const person = (username: string, role: string, teamId: number | null) =>
    prisma.user.create({
      data: { username, email: `${username}@example.pk`, passwordHash: "x", role, teamId, firstName: username },
      select: { id: true, role: true, teamId: true },
    });
  const officer = await person("ayesha", "OFFICER", team.id);
  const stranger = await person("bilal", "OFFICER", other.id);
  const manager = await person("manager", "MANAGER", team.id);
  const otherManager = await person("faisal", "MANAGER", other.id);
  await prisma.teamManager.create({ data: { teamId: team.id, userId: manager.id } });
  await prisma.teamManager.create({ data: { teamId: other.id, userId: otherManager.id } });
  const dealer = await prisma.dealer.create({
    data: {
      businessName: "Kisan Traders",
      street: "Main Bazaar",
      city: "Okara",
      state: "Punjab",
      lat: 30.8,
      lng: 73.4,
      teamId: team.id,
      creditLimitCents: limitCents,
    },
  });
  return { officer, stranger, manager, otherManager, dealer };
}

/** A sale of `bags` bags at $100.00 (10,000 cents each), `paid` at the counter. */
const sale = (dealerId: number, bags: number, paid?: string) =>
  postSchema.parse({ type: "SALE", saleProduct: "SSP", saleQty: bags, salePrice: "100", salePaid: paid, dealerId });

const entriesOf = (dealerId: number) =>
  prisma.ledgerEntry.findMany({
    where: { dealerId },
    orderBy: { id: "asc" },
    select: { kind: true, amountCents: true },
  });

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error as AppError,
  );

describe("paid at the counter", () => {
  it("is kept with the sale, and the ledger credits it beside the sale's debit", async () => {
    const { officer, dealer } = await setUp({ limitCents: null });
    const { id } = await createPost(officer.id, sale(dealer.id, 3, "120.50"));
    expect((await prisma.post.findUniqueOrThrow({ where: { id } })).salePaidCents).toBe(12_050n);
    expect(await entriesOf(dealer.id)).toEqual([
      { kind: "SALE", amountCents: 30_000n },
      { kind: "PAYMENT", amountCents: -12_050n },
    ]);
  });

  it("is refused when more than the sale's total, and ignored on another type of post", () => {
    const over = postSchema.safeParse({
      type: "SALE",
      saleProduct: "SSP",
      saleQty: 2,
      salePrice: "100",
      salePaid: "200.01",
    });
    expect(over.success ? [] : over.error.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["salePaid", PAID_OVER_TOTAL],
    ]);
    expect(
      postSchema.safeParse({ type: "SALE", saleProduct: "SSP", saleQty: 2, salePrice: "100", salePaid: "200" }).success,
    ).toBe(true);
    expect(
      postSchema.safeParse({ type: "SALE", saleProduct: "SSP", saleQty: 2, salePrice: "100", salePaid: "-1" }).success,
    ).toBe(false);
  });

  it("on a recovery is ignored: the post keeps no payment and the ledger credits the recovery alone", async () => {
    const { officer, dealer } = await setUp({ limitCents: null });
    const { id } = await createPost(
      officer.id,
      postSchema.parse({ type: "RECOVERY", recoveryAmount: "50", salePaid: "40", dealerId: dealer.id }),
    );
    expect((await prisma.post.findUniqueOrThrow({ where: { id } })).salePaidCents).toBeNull();
    expect(await entriesOf(dealer.id)).toEqual([{ kind: "RECOVERY", amountCents: -5_000n }]);
  });
});

describe("a sale past the credit limit", () => {
  it("is warned with the figures until confirmed, then posted and told to the managers of the dealer's team alone", async () => {
    const { officer, manager, otherManager, dealer } = await setUp();
    await createPost(officer.id, sale(dealer.id, 6));
    const warned = await refusal(
      createPost(officer.id, sale(dealer.id, 5), [], undefined, "TYPED", { confirmed: false }),
    );
    expect(warned).toMatchObject({
      status: 409,
      field: "confirmCredit",
      message:
        "This dealer owes $600.00. Credit limit: $1,000.00. This sale takes the balance to $1,100.00, past the limit.",
    });
    expect(await prisma.post.count()).toBe(1);
    expect(await prisma.notification.count()).toBe(0);

    await createPost(officer.id, sale(dealer.id, 5), [], undefined, "TYPED", { confirmed: true });
    expect(await prisma.post.count()).toBe(2);
    const notices = (
      await prisma.notification.findMany({ select: { userId: true, type: true, message: true, messageValues: true } })
    ).map(({ messageValues, ...notice }) => ({
      ...notice,
      message: english(notice.message, storedValues(messageValues)),
    }));
    expect(notices).toEqual([
      {
        userId: manager.id,
        type: CREDIT_SALE,
        message: `ayesha posted a sale to Kisan Traders. ${warned?.message}`,
      },
    ]);
    expect(notices.map((notice) => notice.userId)).not.toContain(otherManager.id);
  });

  it("paid enough at the counter to stay within the limit is not warned", async () => {
    const { officer, dealer } = await setUp();
    await createPost(officer.id, sale(dealer.id, 6));
    await createPost(officer.id, sale(dealer.id, 5, "100"), [], undefined, "TYPED", { confirmed: false });
    expect(await prisma.notification.count()).toBe(0);
  });

  it("is refused with 422 when the company's setting makes the limit block, confirmed or not, and nothing is written", async () => {
    const { officer, dealer } = await setUp();
    await createPost(officer.id, sale(dealer.id, 6));
    await saveCreditSettings({ defaultTermsDays: 30, limitBlocks: true });
    const before = await entriesOf(dealer.id);
    const refused = await refusal(
      createPost(officer.id, sale(dealer.id, 5), [], undefined, "API", { confirmed: true }),
    );
    expect(refused).toMatchObject({ status: 422 });
    expect(refused?.message).toBe(
      `This dealer owes $600.00. Credit limit: $1,000.00. This sale takes the balance to $1,100.00, past the limit. ${LIMIT_BLOCKS_SALE}`,
    );
    expect(await prisma.post.count()).toBe(1);
    expect(await entriesOf(dealer.id)).toEqual(before);
    expect(await prisma.notification.count()).toBe(0);
  });

  it("to another team's dealer warns without the account's figures", async () => {
    const { stranger, officer, dealer } = await setUp();
    await createPost(officer.id, sale(dealer.id, 6));
    const warned = await refusal(
      createPost(stranger.id, sale(dealer.id, 5), [], undefined, "TYPED", { confirmed: false }),
    );
    expect(warned).toMatchObject({ status: 409, message: CREDIT_WARNING_WITHOUT_FIGURES });
  });
});

describe("a sale to a dealer with overdue money", () => {
  it("is warned with what is overdue, even within the limit", async () => {
    const { officer, dealer } = await setUp({ limitCents: null });
    const old = new Date(Date.now() - 45 * 86_400_000);
    await prisma.post.create({
      data: { userId: officer.id, type: "SALE", dealerId: dealer.id, saleTotalCents: 20_000n, createdAt: old },
    });
    const warned = await refusal(
      createPost(officer.id, sale(dealer.id, 1), [], undefined, "TYPED", { confirmed: false }),
    );
    expect(warned).toMatchObject({ status: 409, message: "This dealer owes $200.00, $200.00 of it overdue." });
  });
});

describe("a recovery post", () => {
  it("shows the dealer's balance once it counted, to those who may read the account", async () => {
    const { officer, stranger, manager, dealer } = await setUp({ limitCents: null });
    await createPost(officer.id, sale(dealer.id, 6));
    const recovery = postSchema.parse({ type: "RECOVERY", recoveryAmount: "250", dealerId: dealer.id });
    const { id } = await createPost(officer.id, recovery);
    // A later sale does not move what the recovery left.
    await createPost(officer.id, sale(dealer.id, 1));
    expect((await getPost(id, officer))?.dealerBalanceAfter).toBe("350.00");
    expect((await getPost(id, manager))?.dealerBalanceAfter).toBe("350.00");
    expect((await getPost(id, stranger))?.dealerBalanceAfter).toBeNull();
  });
});

describe("the dealer picker's accounts", () => {
  it("are those the viewer may read, read for all the listed dealers at once", async () => {
    const { officer, stranger, dealer } = await setUp();
    await createPost(officer.id, sale(dealer.id, 2));
    expect((await readableAccounts(officer, [dealer.id])).get(dealer.id)).toMatchObject({
      balanceCents: 20_000n,
      creditLimitCents: 100_000n,
    });
    expect((await readableAccounts(stranger, [dealer.id])).size).toBe(0);
  });
});
