import { describe, expect, it } from "vitest";
import { isTabActive } from "~/components/shell/bottom-tabs";
import { unreadLabel } from "~/components/shell/notification-bell";
import { achievementsByRank, avatarFor, badgeFor } from "~/lib/avatars";
import { displayName, initials, namesInList } from "~/lib/names";
import { documentPath, safeRedirect } from "~/lib/safe-redirect";

describe("safeRedirect", () => {
  it("keeps same-origin paths and refuses everything else", () => {
    expect(safeRedirect("/profile?x=1")).toBe("/profile?x=1");
    expect(safeRedirect("//evil.example")).toBe("/");
    expect(safeRedirect("/\\evil.example")).toBe("/");
    expect(safeRedirect("https://evil.example")).toBe("/");
    expect(safeRedirect(null, "/home")).toBe("/home");
  });

  it("refuses paths that a browser reads as another host once it drops tabs and newlines", () => {
    for (const to of [
      "/\t/evil.example",
      "/\n/evil.example",
      "/\r\n/evil.example",
      "/\t\\evil.example",
      "javascript:alert(1)",
    ]) {
      expect(safeRedirect(to)).toBe("/");
    }
  });

  it("normalises first: dot segments that collapse into another host are refused", () => {
    for (const to of [
      "/.//evil.example/x",
      "/./\\evil.example",
      "/a/..//evil.example",
      "/%2e//evil.example",
      "/.%2F/evil.example",
    ]) {
      const answer = safeRedirect(to);
      expect(answer, to).not.toMatch(/^\/[/\\]/);
      expect(new URL(answer, "https://fieldline.example").origin, to).toBe("https://fieldline.example");
    }
    expect(safeRedirect("/dealers/./7")).toBe("/dealers/7");
  });

  it("sends a person to the page, never to its data (an expired session's sign-in link)", () => {
    expect(safeRedirect("/dealers.data")).toBe("/dealers");
    expect(safeRedirect("/posts/319.data?_routes=routes%2Fposts%2Fpost")).toBe("/posts/319");
    expect(safeRedirect("/_root.data?cursor=5&_routes=root")).toBe("/?cursor=5");
    expect(safeRedirect("/dealers.data?index&q=Ali")).toBe("/dealers?q=Ali");
    expect(documentPath(new URL("http://x/dealer-details/3.data?tab=gallery"))).toBe("/dealer-details/3?tab=gallery");
  });

  it("answers no control characters, which a Location header cannot carry", () => {
    expect(safeRedirect("/profile\r\nSet-Cookie: x=1")).toBe("/profileSet-Cookie:%20x=1");
    expect(safeRedirect("/a\u0000b")).toBe("/a%00b");
  });
});

describe("avatars and badges", () => {
  it("falls back to DEFAULT_1 and shows only achievements as badges", () => {
    expect(avatarFor("NOPE").name).toBe("Default Avatar 1");
    expect(avatarFor(null).name).toBe("Default Avatar 1");
    expect(badgeFor("DEFAULT_2")).toBeNull();
    expect(badgeFor("CROWN")?.name).toBe("Team Leader");
    expect(achievementsByRank().map(([type]) => type)).toEqual(["CROWN", "SHIELD", "CAP", "TROPHY", "STAR"]);
  });
});

describe("names", () => {
  it("uses the agreed fallback name and builds initials", () => {
    expect(displayName({ firstName: null, lastName: null })).toBe("Field Officer");
    expect(displayName({ firstName: "Ayesha", lastName: "Khan" })).toBe("Ayesha Khan");
    expect(initials({ username: "ali", firstName: "Ayesha", lastName: "Khan" })).toBe("AK");
    expect(initials({ username: "ali", firstName: null, lastName: null })).toBe("A");
  });

  it("adds the username only to the names that repeat in a list", () => {
    const people = [
      { username: "hamza", firstName: "Hamza", lastName: "Iqbal" },
      { username: "ayesha", firstName: "Ayesha", lastName: "Khan" },
      { username: "hamza.i", firstName: "Hamza", lastName: "Iqbal" },
      { username: "new1", firstName: null, lastName: null },
      { username: "new2", firstName: "", lastName: null },
    ];
    expect(people.map(namesInList(people))).toEqual([
      "Hamza Iqbal (@hamza)",
      "Ayesha Khan",
      "Hamza Iqbal (@hamza.i)",
      "Field Officer (@new1)",
      "Field Officer (@new2)",
    ]);
  });
});

describe("navigation", () => {
  it("matches / exactly and other tabs by prefix", () => {
    expect(isTabActive("/", "/")).toBe(true);
    expect(isTabActive("/", "/dealers")).toBe(false);
    expect(isTabActive("/dealers", "/dealers")).toBe(true);
    expect(isTabActive("/dealers", "/dealers/12")).toBe(true);
    expect(isTabActive("/dealers", "/dealer-map")).toBe(false);
  });

  it("caps the unread count at 99+", () => {
    expect(unreadLabel(0)).toBeNull();
    expect(unreadLabel(7)).toBe("7");
    expect(unreadLabel(99)).toBe("99");
    expect(unreadLabel(100)).toBe("99+");
  });
});
