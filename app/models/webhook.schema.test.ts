import { describe, expect, it } from "vitest";
import { english } from "../../tests/support/english";
import { WEBHOOK_EVENTS } from "~/lib/change-events";
import { webhookSchema } from "~/models/webhook.schema";

describe("webhookSchema", () => {
  it("refuses an event that is not one of ours, naming every one there is", () => {
    const refused = webhookSchema.safeParse({ url: "https://hooks.example.com/x", events: ["post.liked"] });
    expect(refused.success).toBe(false);
    expect(english(refused.error?.issues[0]?.message ?? "")).toBe(`Events must be among ${WEBHOOK_EVENTS.join(", ")}`);
  });
});
