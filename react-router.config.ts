import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // Every route's entry comes in one long-cached file (3.3 KB brotli) with the page's scripts, not
  // from /__manifest after each page: that answer re-rendered the whole page while a low-tier phone
  // was still starting it, and cost a request per page on a slow link (decision 56).
  routeDiscovery: { mode: "initial" },
} satisfies Config;
