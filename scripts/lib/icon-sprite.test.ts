import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { iconSprite } from "./icon-sprite";

describe("the icon sprite", () => {
  it("is what scripts/make-icon-sprite.ts writes from the app's icon names (npx tsx scripts/make-icon-sprite.ts after adding one)", () => {
    const committed = fs.readFileSync(path.resolve(import.meta.dirname, "../../app/components/icons.svg"), "utf8");
    expect(committed).toBe(iconSprite());
  });

  it("draws each icon with lucide's shapes, under its name", () => {
    expect(iconSprite(["heart", "x"])).toContain(
      '<symbol id="x" viewBox="0 0 24 24"><path d="M18 6 6 18"/><path d="m6 6 12 12"/></symbol>',
    );
  });
});
