import { type RouteConfig, index, layout, prefix, route } from "@react-router/dev/routes";

// Every URL of the app, listed explicitly so the spec's paths map to files grouped by area.
export default [
  layout("routes/shell/layout.tsx", [
    index("routes/feed/home.tsx"),
    route("new-post", "routes/posts/new-post.tsx"),
    route("posts/:id", "routes/posts/post.tsx"),
    route("profile", "routes/profile/profile.tsx"),
    route("leaderboard", "routes/leaderboard/leaderboard.tsx"),
    route("notifications", "routes/notifications/notifications.tsx"),
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
    route("me/stats", "routes/api/me-stats.ts"),
    route("user/avatar", "routes/api/user-avatar.ts"),
    route("performance/leaderboard", "routes/api/performance-leaderboard.ts"),
    route("performance/calculate", "routes/api/performance-calculate.ts"),
    route("notifications", "routes/api/notifications.ts"),
    route("notifications/unread-count", "routes/api/notifications-unread-count.ts"),
    route("notifications/mark-all-read", "routes/api/notifications-mark-all-read.ts"),
    route("notifications/:id/read", "routes/api/notification-read.ts"),
    route("geocode/reverse", "routes/api/geocode-reverse.ts"),
    route("posts", "routes/api/posts.ts"),
    route("posts/:id/react", "routes/api/post-react.ts"),
    route("posts/:id/comments", "routes/api/post-comments.ts"),
    route("posts/:id/comments/:commentId", "routes/api/post-comment.ts"),
    route("objects/upload", "routes/api/objects-upload.ts"),
    route("objects/uploads/:uploadId", "routes/api/objects-upload-target.ts"),
    route("products", "routes/api/products.ts"),
    route("checkins", "routes/api/checkins.ts"),
    route("agents/rankings", "routes/api/agents-rankings.ts"),
    route("*", "routes/api/not-found.ts"),
  ]),

  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
