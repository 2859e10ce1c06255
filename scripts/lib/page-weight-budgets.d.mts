// Types for page-weight-budgets.mjs, so that TypeScript tests can import it.
export type Budgets = {
  jsKiB: Record<string, number>;
  wireJsKiB: number;
  liteKB: number;
  cssKiB: number;
  feedHtmlKiB: number;
  feedHtmlKiBUrdu: number;
  leafletRoutes: string[];
};
export type WeightReport = {
  routes: Array<{
    route: string;
    matched: string[] | null;
    js?: { gzipBytes: number };
    css?: { gzipBytes: number };
    leaflet?: boolean;
  }>;
  wire?: { route: string; bytes: number };
  /** The same first load read in Urdu (decision 101). */
  wireUrdu?: { route: string; bytes: number };
  /** Each Lite page's whole first load, by language. */
  lite?: Record<string, Array<{ path: string; bytes: number }>>;
};
export declare const BUDGETS: Budgets;
export declare function budgetFailures(report: WeightReport, budgets?: Budgets): string[];
