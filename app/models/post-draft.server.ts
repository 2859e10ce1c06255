import crypto from "node:crypto";
import { z } from "~/lib/zod";
import { prisma } from "~/db.server";
import { type KeptFile } from "~/models/post.schema";

// New Post's "Add a new dealer" without JavaScript: the form is sent here first, so what was typed
// (and the files attached, kept on the server) waits while the officer adds the dealer, and comes
// back with the new dealer chosen. With JavaScript the tab keeps the draft itself (browser/drafts.ts).

const DRAFT_LIFETIME_MS = 24 * 60 * 60 * 1000;

/** The fields a draft keeps: what the officer types or chooses, not the dealer (Add Dealer chooses it) nor keys. */
const DRAFT_FIELDS = [
  "type",
  "text",
  "saleProduct",
  "saleQty",
  "salePrice",
  "recoveryAmount",
  "lat",
  "lng",
  "address",
  "source",
  "accuracy",
  "fixAt",
  "returnTo",
] as const;

const draftSchema = z.object({
  fields: z.partialRecord(z.enum(DRAFT_FIELDS), z.string()),
  kept: z.array(z.object({ url: z.string(), name: z.string(), kind: z.enum(["IMAGE", "VIDEO"]) })),
  lost: z.array(z.string()),
});
export type PostDraft = z.infer<typeof draftSchema>;

/** The draft's id as `?draft=` carries it. */
const DRAFT_ID = /^[a-f0-9]{32}$/;

/** Keeps New Post's typed fields and its kept files for a day; answers the draft's id. */
export async function keepPostDraft(
  userId: number,
  form: FormData,
  files: { kept: KeptFile[]; lost: string[] },
): Promise<string> {
  const fields = Object.fromEntries(
    DRAFT_FIELDS.flatMap((name) => {
      const value = form.get(name);
      return typeof value === "string" && value !== "" ? [[name, value]] : [];
    }),
  );
  const id = crypto.randomBytes(16).toString("hex");
  const content = JSON.stringify({ fields, ...files } satisfies PostDraft);
  await prisma.$transaction([
    prisma.postDraft.deleteMany({ where: { createdAt: { lt: new Date(Date.now() - DRAFT_LIFETIME_MS) } } }),
    prisma.postDraft.create({ data: { id, userId, content } }),
  ]);
  return id;
}

/** The user's draft of that id, if it is a day old or less; null for another user's, an old or a malformed one. */
export async function readPostDraft(userId: number, id: string | null): Promise<PostDraft | null> {
  if (!id || !DRAFT_ID.test(id)) return null;
  const row = await prisma.postDraft.findFirst({
    where: { id, userId, createdAt: { gte: new Date(Date.now() - DRAFT_LIFETIME_MS) } },
    select: { content: true },
  });
  if (!row) return null;
  try {
    return draftSchema.parse(JSON.parse(row.content));
  } catch {
    return null;
  }
}

/** Forgets the draft once its post is created. */
export async function dropPostDraft(userId: number, id: FormDataEntryValue | null): Promise<void> {
  if (typeof id !== "string" || !DRAFT_ID.test(id)) return;
  await prisma.postDraft.deleteMany({ where: { id, userId } });
}
