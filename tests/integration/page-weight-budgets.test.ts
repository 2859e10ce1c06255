import { describe, expect, it } from "vitest";
import { BUDGETS, budgetFailures, type WeightReport } from "../../scripts/lib/page-weight-budgets.mjs";

const KIB = 1024;

function report(overrides: Partial<{ feedJs: number; css: number; leafletOn: string }> = {}): WeightReport {
  const route = (path: string, js: number) => ({
    route: path,
    matched: ["root", path],
    js: { gzipBytes: js * KIB },
    css: { gzipBytes: (overrides.css ?? 16) * KIB },
    leaflet: overrides.leafletOn === path || BUDGETS.leafletRoutes.includes(path),
  });
  return { routes: [route("/", overrides.feedJs ?? 122.9), route("/dealers", 150), route("/dealer-map", 118)] };
}

describe("page-weight budgets", () => {
  it("hold for a build within them (other routes' JavaScript is not budgeted)", () => {
    expect(budgetFailures(report())).toEqual([]);
  });

  it("fail when the feed's JavaScript, any route's CSS or Leaflet off the map routes breaks them", () => {
    const budget = BUDGETS.jsKiB["/"] ?? 0;
    expect(budgetFailures(report({ feedJs: budget + 0.1 }))).toEqual([
      `/: first-load JavaScript is ${(budget + 0.1).toFixed(1)} KiB gzipped, over the budget of ${budget} KiB`,
    ]);
    expect(budgetFailures(report({ css: 30.5 }))).toHaveLength(3);
    expect(budgetFailures(report({ leafletOn: "/dealers" }))).toEqual([
      expect.stringContaining("/dealers: loads Leaflet"),
    ]);
  });

  it("fail when the first load of / moves more JavaScript over the wire than its budget", () => {
    const wire = (kib: number) => ({ ...report(), wire: { route: "/", bytes: kib * KIB } });
    expect(budgetFailures(wire(BUDGETS.wireJsKiB))).toEqual([]);
    expect(budgetFailures(wire(136.6))).toEqual([
      `/: its first load moves 136.6 KiB of JavaScript over the wire, over the budget of ${BUDGETS.wireJsKiB} KiB`,
    ]);
  });

  it("hold the first load of / in Urdu to the same budget", () => {
    const wire = (kib: number) => ({
      ...report(),
      wire: { route: "/", bytes: 100 * KIB },
      wireUrdu: { route: "/", bytes: kib * KIB },
    });
    expect(budgetFailures(wire(BUDGETS.wireJsKiB))).toEqual([]);
    expect(budgetFailures(wire(136.6))).toEqual([
      `/: its first load in Urdu moves 136.6 KiB of JavaScript over the wire, over the budget of ${BUDGETS.wireJsKiB} KiB`,
    ]);
  });

  it("hold every Lite page to 40 KB in each language", () => {
    const lite = (kb: number) => ({
      ...report(),
      lite: { en: [{ path: "/dealers", bytes: 20_000 }], ur: [{ path: "/dealers", bytes: kb * 1000 }] },
    });
    expect(budgetFailures(lite(BUDGETS.liteKB))).toEqual([]);
    expect(budgetFailures(lite(41.2))).toEqual([
      `/dealers in Lite mode (ur): its first load moves 41.2 KB, over the budget of ${BUDGETS.liteKB} KB`,
    ]);
  });

  it("fail when a budgeted route is missing from the report", () => {
    expect(budgetFailures({ routes: [] })).toEqual(["/: has a budget but is not in the report"]);
  });
});
