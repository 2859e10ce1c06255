import type { Action } from "~/models/policy";

// Which door asks which of the policy's actions (decision 75): every page route of app/routes.ts
// by its pattern. An /api operation names its door in its declaration (`access`,
// app/http/api/), which openapi.json carries as `x-action`. The access-matrix test
// (tests/resilience/access-matrix.test.ts) walks both and fails on a route or call without a door.

/**
 * `public`: anybody, signed in or not. `landing`: anybody signed out (the landing page), the
 * signed-in viewer app.use allows. `sign-out`: anybody but a read-scoped token (decision 59).
 * `account`: signed in, approved or still waiting. `signed-url`: the URL's own signature decides.
 * Otherwise the signed-in, approved viewer the action allows.
 */
export type Door = "public" | "landing" | "sign-out" | "account" | "signed-url" | Action;

/** A page's loader (GET) and, where it has one, its action (POST). */
export const PAGE_ACCESS: Record<string, { GET: Door; POST?: Door }> = {
  "/": { GET: "landing" },
  "/new-post": { GET: "app.use", POST: "app.use" },
  "/posts/:id": { GET: "app.use", POST: "app.use" },
  "/profile": { GET: "app.use", POST: "app.use" },
  "/profile/tokens": { GET: "app.use", POST: "app.use" },
  "/leaderboard": { GET: "app.use", POST: "leaderboard.recalculate" },
  "/reports": { GET: "team.view" },
  "/notifications": { GET: "app.use", POST: "app.use" },
  "/dealers": { GET: "app.use" },
  "/dealers/import": { GET: "app.use", POST: "app.use" },
  "/dealers/import/template.xlsx": { GET: "app.use" },
  "/add-dealer": { GET: "app.use", POST: "app.use" },
  "/dealer-details/:id?": { GET: "app.use", POST: "app.use" },
  "/dealer-details/:id/remove-photo/:index": { GET: "app.use" },
  "/dealer-details/:id/statement": { GET: "dealerAccount.read", POST: "dealerAccount.read" },
  "/dealer-details/:id/statement.xlsx": { GET: "dealerAccount.read" },
  "/team": { GET: "team.administer", POST: "team.administer" },
  "/admin": { GET: "admin.dashboard", POST: "admin.dashboard" },
  "/admin/import": { GET: "dealers.importSample", POST: "dealers.importSample" },
  "/admin/opening-balances": { GET: "dealerAccount.open", POST: "dealerAccount.open" },
  "/admin/opening-balances/template.xlsx": { GET: "dealerAccount.open" },
  "/admin/outbox": { GET: "outbox.read" },
  "/admin/users/:id/deactivate": { GET: "user.deactivate" },
  "/admin/teams": { GET: "teams.manage", POST: "teams.manage" },
  "/admin/teams/:id": { GET: "teams.manage", POST: "teams.manage" },
  "/admin/webhooks": { GET: "webhooks.manage", POST: "webhooks.manage" },
  "/admin/service-accounts": { GET: "serviceAccounts.manage", POST: "serviceAccounts.manage" },
  "/dealer-map": { GET: "app.use" },
  "/location-quality": { GET: "locationQuality.read" },
  "/plan/:day?": { GET: "plan.read", POST: "plan.edit" },
  "/targets": { GET: "targets.set", POST: "targets.set" },
  "/targets/import": { GET: "targets.set", POST: "targets.set" },
  "/targets/import/template.xlsx": { GET: "targets.set" },
  // A farmer's pages: the model asks the policy with the farmer's team (decision 94).
  "/farmers": { GET: "app.use" },
  "/farmers/new": { GET: "app.use", POST: "app.use" },
  "/farmers/import": { GET: "farmers.import", POST: "farmers.import" },
  "/farmers/import/template.xlsx": { GET: "farmers.import" },
  "/farmers/:id": { GET: "farmer.read" },
  "/farmers/:id/edit": { GET: "farmer.manage", POST: "farmer.manage" },
  "/farmers/:id/erase": { GET: "farmer.erase", POST: "farmer.erase" },
  // Demo plots: the model asks the policy with the plot's officer's team (decision 96).
  "/plots": { GET: "app.use" },
  "/plots/:id": { GET: "plot.read" },
  "/offline": { GET: "public" },
  "/lite-mode": { GET: "public", POST: "public" },
  "/language": { GET: "public", POST: "public" },
  "/messages/:version/:language/:namespace": { GET: "public" },
  "/login": { GET: "public", POST: "public" },
  "/register": { GET: "public", POST: "public" },
  "/forgot-password": { GET: "public", POST: "public" },
  "/reset-password": { GET: "public", POST: "public" },
  "/location-setup": { GET: "public", POST: "account" },
  "/waiting": { GET: "account" },
  "/logout": { GET: "public", POST: "public" },
  "/statement/:token": { GET: "public" },
  "*": { GET: "public" },
  "/api/*": { GET: "public" },
};
