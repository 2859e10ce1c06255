import { describe, expect, it } from "vitest";
import { postBodyFromForm } from "~/browser/send-queue";

describe("postBodyFromForm", () => {
  it("turns the new-post form into the /api/posts body: no empty fields, media gathered, the key left out", () => {
    const form = new FormData();
    for (const [name, value] of [
      ["idempotencyKey", "a".repeat(32)],
      ["type", "SALE"],
      ["text", "Sold 12 bags"],
      ["saleQty", "12"],
      ["salePrice", "3850.25"],
      ["dealerId", ""],
      ["lat", "31.520400"],
      ["lng", "74.358700"],
      ["address", "  "],
      ["media[0].url", "/api/objects/uploads/abc"],
      ["media[1].url", "/api/objects/uploads/def"],
      ["media[1].durationSec", "12.5"],
    ]) {
      form.append(name!, value!);
    }
    form.append("files", new File(["x"], "x.jpg"));
    expect(postBodyFromForm(form, ["idempotencyKey"])).toEqual({
      type: "SALE",
      text: "Sold 12 bags",
      saleQty: "12",
      salePrice: "3850.25",
      lat: "31.520400",
      lng: "74.358700",
      media: [{ url: "/api/objects/uploads/abc" }, { url: "/api/objects/uploads/def", durationSec: "12.5" }],
    });
  });
});
