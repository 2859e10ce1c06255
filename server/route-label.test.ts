import { describe, expect, it } from "vitest";
import { routeLabel } from "./route-label";

describe("a request's route label", () => {
  it("is the pattern of the route that answered, never the path with its ids", () => {
    expect(routeLabel("dealer-details/:id?", "/dealer-details/4711")).toBe("/dealer-details/:id?");
    expect(routeLabel("", "/")).toBe("/");
    expect(routeLabel("/api/dealers/{id}", "/api/dealers/4711")).toBe("/api/dealers/:id");
    expect(routeLabel("/api/posts/{id}/comments/{commentId}", "/api/posts/7/comments/9")).toBe(
      "/api/posts/:id/comments/:commentId",
    );
    expect(routeLabel("*", "/reset-password/secret-token-abc")).toBe("/*");
  });

  it("groups what was answered before React Router: stored files, the build's files, the rest", () => {
    expect(routeLabel(undefined, "/files/uploads/ab12cd.webp")).toBe("/files/*");
    expect(routeLabel(undefined, "/assets/entry.client-4f9a.js")).toBe("static");
    expect(routeLabel(undefined, "/favicon.svg")).toBe("static");
    expect(routeLabel(undefined, "/healthz")).toBe("/healthz");
    expect(routeLabel(undefined, "/register")).toBe("unrouted");
    expect(routeLabel(undefined, "/api/reset-password/secret-token-abc")).toBe("unrouted");
  });
});
