import { beforeEach, describe, expect, it } from "vitest";
import { resetDatabase, prisma } from "../../tests/support/db";
import { dropPostDraft, keepPostDraft, readPostDraft } from "~/models/post-draft.server";
import { registerUser } from "~/models/user.server";

beforeEach(resetDatabase);

const officer = (name: string) => registerUser({ username: name, email: `${name}@example.pk`, password: "secret12" });

function typed(fields: Record<string, string>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return form;
}

describe("post drafts", () => {
  it("keep what was typed (not the dealer, keys or empty fields) with the kept files, for their owner only", async () => {
    const [owner, other] = [await officer("owner"), await officer("other")];
    const form = typed({
      type: "SALE",
      text: "Urea for the counter",
      salePrice: "2,450",
      saleQty: "",
      dealerId: "new",
      submissionKey: "abc",
      intent: "add-dealer",
    });
    const kept = [
      { url: "/api/objects/uploads/0123456789abcdef0123456789abcdef", name: "shop.jpg", kind: "IMAGE" as const },
    ];
    const id = await keepPostDraft(owner.id, form, { kept, lost: ["huge.mov"] });
    expect(id).toMatch(/^[a-f0-9]{32}$/);
    expect(await readPostDraft(owner.id, id)).toEqual({
      fields: { type: "SALE", text: "Urea for the counter", salePrice: "2,450" },
      kept,
      lost: ["huge.mov"],
    });
    expect(await readPostDraft(other.id, id)).toBeNull();
    expect(await readPostDraft(owner.id, "not-an-id")).toBeNull();

    await dropPostDraft(other.id, id);
    expect(await readPostDraft(owner.id, id)).not.toBeNull();
    await dropPostDraft(owner.id, id);
    expect(await readPostDraft(owner.id, id)).toBeNull();
  });

  it("are forgotten after a day", async () => {
    const owner = await officer("owner");
    const old = await keepPostDraft(owner.id, typed({ text: "yesterday" }), { kept: [], lost: [] });
    await prisma.postDraft.update({
      where: { id: old },
      data: { createdAt: new Date(Date.now() - 25 * 60 * 60 * 1000) },
    });
    expect(await readPostDraft(owner.id, old)).toBeNull();
    await keepPostDraft(owner.id, typed({ text: "today" }), { kept: [], lost: [] });
    expect(await prisma.postDraft.count({ where: { id: old } })).toBe(0);
  });
});
