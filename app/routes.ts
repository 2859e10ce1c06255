import { type RouteConfig, index, layout, prefix, route } from "@react-router/dev/routes";

// Every URL of the app, listed explicitly so the spec's paths map to files grouped by area.
export default [
  layout("routes/shell/layout.tsx", [
    index("routes/feed/home.tsx"),
    route("profile", "routes/profile/profile.tsx"),
    route("notifications", "routes/notifications/notifications.tsx"),
    route("dealers", "routes/dealers/directory.tsx"),
    route("dealers/import", "routes/dealers/import.tsx"),
    route("add-dealer", "routes/dealers/add.tsx"),
    route("dealer-details/:id?", "routes/dealers/details.tsx"),
    route("dealer-details/:id/remove-photo/:index", "routes/dealers/remove-photo.tsx"),
    route("admin/import", "routes/admin/import.tsx"),
  ]),

  route("login", "routes/auth/login.tsx"),
  route("register", "routes/auth/register.tsx"),
  route("forgot-password", "routes/auth/forgot-password.tsx"),
  route("reset-password", "routes/auth/reset-password.tsx"),
  route("location-setup", "routes/auth/location-setup.tsx"),
  route("logout", "routes/auth/logout.tsx"),

  ...prefix("api", [
    route("user", "routes/api/user.ts"),
    route("login", "routes/api/login.ts"),
    route("register", "routes/api/register.ts"),
    route("logout", "routes/api/logout.ts"),
    route("forgot-password", "routes/api/forgot-password.ts"),
    route("reset-password", "routes/api/reset-password.ts"),
    route("save-registration", "routes/api/save-registration.ts"),
    route("me", "routes/api/me.ts"),
    route("notifications", "routes/api/notifications.ts"),
    route("notifications/unread-count", "routes/api/notifications-unread-count.ts"),
    route("notifications/mark-all-read", "routes/api/notifications-mark-all-read.ts"),
    route("notifications/:id/read", "routes/api/notification-read.ts"),
    route("geocode/reverse", "routes/api/geocode-reverse.ts"),
    route("dealers", "routes/api/dealers.ts"),
    route("dealers/import", "routes/api/dealers-import.ts"),
    route("dealers/:id", "routes/api/dealer.ts"),
    route("dealers/:id/about", "routes/api/dealer-about.ts"),
    route("dealers/:id/profile-picture", "routes/api/dealer-profile-picture.ts"),
    route("dealers/:id/gallery", "routes/api/dealer-gallery.ts"),
    route("dealers/:id/gallery/:index", "routes/api/dealer-gallery-item.ts"),
    route("upload", "routes/api/upload.ts"),
    route("*", "routes/api/not-found.ts"),
  ]),

  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
