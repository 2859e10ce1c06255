import { expect, test } from "../e2e/support/fixtures";
import { postADayAtNewDealer, registerThroughApi } from "../e2e/support/flows";

// GET /api/reports (issue 19): a new officer's sales and recovery of this week appear in their
// own row and in a manager's report; officers never see anyone else's figures; bad input is a
// 400 with the schema's words.

type Figures = {
  sales: string;
  salesQty: number;
  recovery: string;
  gap: string;
  posts: number;
  postsByType: Record<string, number>;
};
type Report = {
  period: { from: string; to: string };
  rows: Array<{ key: string; label: string; current: Figures; change: Record<string, number | null> }>;
  totals: { current: Figures };
};

test("an officer's week: their sales and recovery in their own report and in the manager's, by officer", async ({
  request,
  playwright,
  baseURL,
}) => {
  const officer = await registerThroughApi(request, "Rafiq");
  await postADayAtNewDealer(request, { city: "Sialkot", lat: "32.4945", lng: "74.5229" }, [
    { type: "SALE", saleProduct: "SSP", saleQty: 12, salePrice: "1500.00" },
    { type: "SALE", saleProduct: "SULFUR", saleQty: 3, salePrice: "900.50" },
    { type: "RECOVERY", recoveryAmount: "10000.00" },
    { type: "FIELD_VISIT", text: "Wheat plots" },
  ]);
  const own = await request.get(`/api/reports?period=this-week&officer=1`);
  expect(own.status()).toBe(200);
  const report = (await own.json()) as Report;
  expect(report.rows.map((row) => row.key)).toEqual([String(officer.id)]);
  expect(report.rows[0]?.current).toMatchObject({
    sales: "20701.50",
    salesQty: 15,
    recovery: "10000.00",
    gap: "10701.50",
    posts: 4,
    dealersVisited: 1,
    newDealers: 1,
  });
  expect(report.rows[0]?.current.postsByType).toMatchObject({ SALE: 2, RECOVERY: 1, FIELD_VISIT: 1 });
  expect(report.rows[0]?.change.sales).toBeNull();

  const manager = await playwright.request.newContext({ baseURL });
  expect((await manager.post("/api/login", { data: { username: "manager", password: "fieldline" } })).status()).toBe(
    200,
  );
  const team = (await (await manager.get("/api/reports?period=this-week&groupBy=officer")).json()) as Report;
  expect(team.rows.find((row) => row.key === String(officer.id))?.current).toMatchObject({
    sales: "20701.50",
    recovery: "10000.00",
  });
  expect(team.rows.length).toBeGreaterThan(1);
  const csv = await manager.get("/api/reports?period=this-week&groupBy=officer", { headers: { Accept: "text/csv" } });
  expect(csv.headers()["content-type"]).toBe("text/csv; charset=utf-8");
  const lines = (await csv.text()).trimEnd().split("\r\n");
  // The title row is one field, quoted for its commas.
  expect(lines[0]).toMatch(/^"Fieldline report, .* by officer; officer: all; province: all; post type: all"$/);
  expect(lines.some((line) => line.startsWith("Rafiq,20701.50,"))).toBe(true);
  await manager.dispose();
});

test("bad report parameters answer 400 with the message", async ({ request }) => {
  await registerThroughApi(request, "Rafiq");
  for (const [query, message] of [
    ["from=2026-02-30&to=2026-03-01", "From must be a real date from 2000-01-01 to 2100-12-31, in the form yyyy-MM-dd"],
    ["from=2026-03-02&to=2026-03-01", "From must be on or before To"],
    ["from=2025-01-01&to=2026-03-01", "A report covers at most 366 days"],
    ["groupBy=region", "Unknown grouping"],
    ["period=yesterday", "Unknown period"],
    ["province=Texas", "Unknown province"],
    ["type=PARTY", "Unknown post type"],
    // An officer is named by plain digits only, as every id is.
    ["officer=0x10", "Officer must be a user id"],
    ["officer=1e1", "Officer must be a user id"],
    ["officer=%2016", "Officer must be a user id"],
  ] as const) {
    const response = await request.get(`/api/reports?${query}`);
    expect(response.status(), query).toBe(400);
    expect((await response.json()).error, query).toContain(message);
  }
});
