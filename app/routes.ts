import { type RouteConfig, index, layout, prefix, route } from "@react-router/dev/routes";

// Every URL of the app, listed explicitly so the public paths (/add-dealer, /dealer-details/:id)
// map to files grouped by area.
export default [
  layout("routes/shell/layout.tsx", [
    index("routes/feed/home.tsx"),
    route("new-post", "routes/posts/new-post.tsx"),
    route("posts/:id", "routes/posts/post.tsx"),
    route("profile", "routes/profile/profile.tsx"),
    route("profile/tokens", "routes/profile/tokens.tsx"),
    route("leaderboard", "routes/leaderboard/leaderboard.tsx"),
    route("reports", "routes/reports/reports.tsx"),
    route("notifications", "routes/notifications/notifications.tsx"),
    route("dealers", "routes/dealers/directory.tsx"),
    route("dealers/import", "routes/dealers/import.tsx"),
    route("dealers/import/template.xlsx", "routes/dealers/import-template.ts"),
    route("add-dealer", "routes/dealers/add.tsx"),
    route("dealer-details/:id?", "routes/dealers/details.tsx"),
    route("dealer-details/:id/remove-photo/:index", "routes/dealers/remove-photo.tsx"),
    route("dealer-details/:id/statement", "routes/dealers/statement.tsx"),
    route("dealer-details/:id/statement.xlsx", "routes/dealers/statement-xlsx.ts"),
    route("team", "routes/team/team-admin.tsx"),
    route("admin", "routes/admin/dashboard.tsx"),
    route("admin/import", "routes/admin/import.tsx"),
    route("admin/opening-balances", "routes/admin/opening-balances.tsx"),
    route("admin/opening-balances/template.xlsx", "routes/admin/opening-balances-template.ts"),
    route("admin/outbox", "routes/admin/outbox.tsx"),
    route("admin/users/:id/deactivate", "routes/admin/deactivate.tsx"),
    route("admin/teams", "routes/admin/teams.tsx"),
    route("admin/teams/:id", "routes/admin/team.tsx"),
    route("admin/webhooks", "routes/admin/webhooks.tsx"),
    route("admin/service-accounts", "routes/admin/service-accounts.tsx"),
    route("dealer-map", "routes/map/dealer-map.tsx"),
    route("location-quality", "routes/map/location-quality.tsx"),
    route("plan/:day?", "routes/plans/plan.tsx"),
    route("targets", "routes/targets/targets.tsx"),
  ]),

  route("offline", "routes/shell/offline.tsx"),
  route("lite-mode", "routes/shell/lite-mode.tsx"),
  route("login", "routes/auth/login.tsx"),
  route("register", "routes/auth/register.tsx"),
  route("forgot-password", "routes/auth/forgot-password.tsx"),
  route("reset-password", "routes/auth/reset-password.tsx"),
  route("location-setup", "routes/auth/location-setup.tsx"),
  route("waiting", "routes/auth/waiting.tsx"),
  route("logout", "routes/auth/logout.tsx"),
  route("statement/:token", "routes/dealers/shared-statement.tsx"),

  ...prefix("api", [route("*", "routes/api/dispatch.ts")]),

  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
