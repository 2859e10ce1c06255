import { AppError } from "~/lib/app-error";
import sharp from "sharp";
import { beforeEach, describe, expect, it } from "vitest";
import { prisma, resetDatabase } from "../../tests/support/db";
import {
  addComment,
  createPost,
  decodeCursor,
  deleteComment,
  encodeCursor,
  getPost,
  likePost,
  listComments,
  listPosts,
  listReactions,
  postAmounts,
  unlikePost,
} from "~/models/post.server";
import { parseWithZod } from "@conform-to/zod/v4";
import { postBodyFromForm } from "~/browser/send-queue";
import { KEY_REUSED, type SubmissionKey } from "~/infra/idempotency.server";
import { DEALER_REQUIRED, FILE_TOO_LARGE, postSchema, TOO_MANY_FILES } from "~/models/post.schema";
import { saveUpload } from "~/models/media.server";
import { english } from "../../tests/support/english";

beforeEach(resetDatabase);

async function user(username: string) {
  return prisma.user.create({
    data: { username, email: `${username}@example.pk`, passwordHash: "x", firstName: username },
  });
}

async function dealer() {
  return prisma.dealer.create({
    data: {
      businessName: "Kissan Khad Store",
      ownerFirstName: "Naveed",
      ownerLastName: "Joiya",
      street: "Shop 1",
      city: "Multan",
      state: "Punjab",
      lat: 30,
      lng: 71,
    },
  });
}

function jpeg(color: string, size = 64) {
  return sharp({ create: { width: size, height: size, channels: 3, background: color } })
    .jpeg()
    .toBuffer();
}

const input = (value: unknown) => postSchema.parse(value);

describe("cursors", () => {
  it("round-trip the last post's time and id, and refuse anything else", () => {
    const cursor = encodeCursor({ createdAt: new Date(1732260000000), id: 42 });
    expect(cursor).toBe("1732260000000.42");
    expect(decodeCursor(cursor)).toEqual({ createdAt: new Date(1732260000000), id: 42 });
    for (const bad of ["", "abc", "1.2.3", "-1.5", "1732260000000"]) expect(decodeCursor(bad)).toBeNull();
  });

  it("page newest first without gaps or repeats, even for posts made in the same millisecond", async () => {
    const ali = await user("ali");
    const same = new Date(1_800_000_000_000);
    for (let i = 0; i < 7; i++) {
      await prisma.post.create({
        data: {
          userId: ali.id,
          type: "FIELD_VISIT",
          text: `post ${i}`,
          createdAt: i < 4 ? same : new Date(same.getTime() + i),
        },
      });
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: Awaited<ReturnType<typeof listPosts>> = await listPosts({ viewer: ali, cursor, limit: 3 });
      seen.push(...page.posts.map((post) => post.text));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(["post 6", "post 5", "post 4", "post 3", "post 2", "post 1", "post 0"]);
  });

  it("page a team's posts, read from the team's own index entries, exactly as the company's filtered to the team", async () => {
    // A team of 2 among 10 people (decision 42).
    const team = await prisma.team.create({ data: { name: "Multan" } });
    const people: Array<Awaited<ReturnType<typeof user>>> = [];
    for (let i = 0; i < 10; i++) people.push(await user(`person${i}`));
    const members = people.slice(0, 2).map((person) => person.id);
    await prisma.user.updateMany({ where: { id: { in: members } }, data: { teamId: team.id } });
    const same = new Date(1_800_000_000_000);
    for (let i = 0; i < 40; i++) {
      await prisma.post.create({
        data: {
          userId: people[i % 10]!.id,
          type: "FIELD_VISIT",
          text: `post ${i}`,
          // Some share a millisecond: the id orders them.
          createdAt: new Date(same.getTime() + Math.floor(i / 3)),
        },
      });
    }
    const read = async (audience: Parameters<typeof listPosts>[0]["audience"]) => {
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const page: Awaited<ReturnType<typeof listPosts>> = await listPosts({
          viewer: people[0]!,
          cursor,
          limit: 3,
          audience,
        });
        seen.push(...page.posts.map((post) => post.text));
        cursor = page.nextCursor;
      } while (cursor);
      return seen;
    };
    const company = await listPosts({ viewer: people[0]!, limit: 100 });
    const teamPosts = company.posts.filter((post) => members.includes(post.user.id)).map((post) => post.text);
    expect(teamPosts).toHaveLength(8);
    expect(await read({ everyone: false, teamIds: [team.id], unassigned: false })).toEqual(teamPosts);
    expect(await read({ everyone: false, teamIds: [team.id + 1], unassigned: false })).toEqual([]);

    // An author who leaves the team takes their posts along; a deleted team leaves its posts in none.
    await prisma.user.update({ where: { id: members[1]! }, data: { teamId: null } });
    const ofFirst = company.posts.filter((post) => post.user.id === members[0]).map((post) => post.text);
    expect(await read({ everyone: false, teamIds: [team.id], unassigned: false })).toEqual(ofFirst);
    await prisma.team.delete({ where: { id: team.id } });
    expect(await read({ everyone: false, teamIds: [team.id], unassigned: false })).toEqual([]);
    expect(await read({ everyone: false, teamIds: [], unassigned: true })).toEqual(
      company.posts.map((post) => post.text),
    );
  });
});

describe("createPost", () => {
  it("stores price × quantity as the total, whatever saleTotal the client forged, and records a check-in", async () => {
    const ali = await user("ali");
    const shop = await dealer();
    const { id } = await createPost(
      ali.id,
      input({
        type: "SALE",
        saleProduct: "SSP",
        saleQty: "12",
        salePrice: "3850.25",
        saleTotal: "1.00",
        dealerId: shop.id,
        lat: "30.1",
        lng: "71.4",
        address: "Sabzi Mandi, Multan",
      }),
    );
    const stored = await prisma.post.findUniqueOrThrow({ where: { id }, include: { checkIn: true } });
    expect(stored.saleTotalCents).toBe(46_203_00n);
    expect(stored.checkIn).toMatchObject({
      userId: ali.id,
      type: "SALE",
      lat: 30.1,
      lng: 71.4,
      address: "Sabzi Mandi, Multan",
    });
    const view = await getPost(id, ali);
    expect(view).toMatchObject({
      salePrice: "3850.25",
      saleTotal: "46203.00",
      dealer: { businessName: "Kissan Khad Store", contactName: "Naveed Joiya" },
    });
  });

  it("keeps only the type's own fields", () => {
    expect(
      postAmounts({ type: "FIELD_VISIT", saleProduct: "SSP", saleQty: 3, salePrice: "1", recoveryAmount: "5" }),
    ).toEqual({
      saleProduct: null,
      saleQty: null,
      salePriceCents: null,
      saleTotalCents: null,
      salePaidCents: null,
      recoveryAmountCents: null,
    });
    expect(postAmounts({ type: "RECOVERY", recoveryAmount: "1500.5" }).recoveryAmountCents).toBe(150_050n);
  });

  it("re-encodes attached photos with thumbnails, and creates nothing when one file is refused", async () => {
    const ali = await user("ali");
    const photos = [
      { name: "a.jpg", bytes: new Uint8Array(await jpeg("#ff0000")) },
      {
        name: "b.png",
        bytes: new Uint8Array(
          await sharp({ create: { width: 30, height: 20, channels: 3, background: "#00ff00" } })
            .png()
            .toBuffer(),
        ),
      },
    ];
    const { id } = await createPost(ali.id, input({ type: "DEMO_PLOT", text: "Plot" }), photos);
    const media = await prisma.postMedia.findMany({ where: { postId: id }, orderBy: { position: "asc" } });
    expect(media).toHaveLength(2);
    expect(media.map((item) => [item.kind, item.mimeType])).toEqual([
      ["IMAGE", "image/webp"],
      ["IMAGE", "image/webp"],
    ]);
    expect(media[0]?.thumbUrl).toMatch(/^\/files\/posts-thumbs\//);

    const fake = { name: "virus.jpg", bytes: new TextEncoder().encode("this is only text, named like a photo") };
    await expect(createPost(ali.id, input({ type: "DEMO_PLOT" }), [photos[0]!, fake])).rejects.toMatchObject({
      status: 415,
    });
    const eleven = Array.from({ length: 11 }, () => photos[0]!);
    await expect(createPost(ali.id, input({ type: "DEMO_PLOT" }), eleven)).rejects.toMatchObject({
      status: 413,
      message: TOO_MANY_FILES,
    });
    const huge = { name: "big.jpg", bytes: new Uint8Array(10 * 1024 * 1024 + 1) };
    huge.bytes.set(photos[0]!.bytes);
    await expect(createPost(ali.id, input({ type: "DEMO_PLOT" }), [huge])).rejects.toMatchObject({
      status: 413,
      message: FILE_TOO_LARGE,
      values: { name: "big.jpg" },
    });
    expect(await prisma.post.count()).toBe(1);
  });

  it("takes earlier uploads of the same user only, and forgets them once used", async () => {
    const ali = await user("ali");
    const bob = await user("bob");
    const id = "0123456789abcdef0123456789abcdef";
    await saveUpload(ali.id, id, new Uint8Array(await jpeg("#0000ff")), "photo.jpg");
    const url = `http://localhost/api/objects/uploads/${id}?user=1&expires=1&signature=x`;
    await expect(createPost(bob.id, input({ type: "FIELD_VISIT", media: [{ url }] }))).rejects.toBeInstanceOf(AppError);
    const { id: postId } = await createPost(ali.id, input({ type: "FIELD_VISIT", media: [{ url }] }));
    expect(await prisma.postMedia.count({ where: { postId } })).toBe(1);
    expect(await prisma.upload.count()).toBe(0);
  });

  it("refuses a dealer that does not exist", async () => {
    const ali = await user("ali");
    await expect(createPost(ali.id, input({ type: "DEALER_MEETING", dealerId: 999 }))).rejects.toThrow(DEALER_REQUIRED);
  });
});

describe("likes and comments", () => {
  it("likes once per user, unlikes, and shows the viewer's own like", async () => {
    const ali = await user("ali");
    const bob = await user("bob");
    const { id } = await createPost(ali.id, input({ type: "ANNOUNCEMENT", text: "Meeting at 9" }));
    await likePost(id, bob.id);
    await likePost(id, bob.id);
    await likePost(id, ali.id);
    expect(await listReactions(id)).toEqual([
      { userId: bob.id, type: "LIKE" },
      { userId: ali.id, type: "LIKE" },
    ]);
    expect(await getPost(id, bob)).toMatchObject({ likeCount: 2, likedByMe: true });
    await unlikePost(id, bob.id);
    expect(await getPost(id, bob)).toMatchObject({ likeCount: 1, likedByMe: false });
    await expect(likePost(9999, bob.id)).rejects.toMatchObject({ status: 404 });
  });

  it("lets only the author delete a comment, which then shows as deleted", async () => {
    const ali = await user("ali");
    const bob = await user("bob");
    const { id } = await createPost(ali.id, input({ type: "ANNOUNCEMENT" }));
    const { value: comment } = await addComment(id, bob.id, "  Well done  ");
    expect(comment.text).toBe("Well done");
    await expect(deleteComment(id, comment.id, ali.id)).rejects.toMatchObject({ status: 403 });
    for (const junk of [Number.NaN, 1e20, -1, 0]) {
      await expect(deleteComment(id, junk, bob.id)).rejects.toMatchObject({ status: 404 });
    }
    await deleteComment(id, comment.id, bob.id);
    expect(await listComments(id, ali)).toMatchObject([{ id: comment.id, isDeleted: true, text: "" }]);
    expect(await getPost(id, ali)).toMatchObject({ commentCount: 0 });
  });
});

describe("idempotency keys", () => {
  const key: SubmissionKey = { value: "k".repeat(16), from: "header" };

  it("a post repeated with the same key, even racing the first, is created once and answers the first", async () => {
    const ali = await user("ali");
    const post = input({ type: "FIELD_VISIT", text: "Visited Chak 12", lat: 31.5, lng: 74.3, address: "Chak 12" });
    const answers = await Promise.all([
      createPost(ali.id, post, [], key),
      createPost(ali.id, post, [], key),
      createPost(ali.id, post, [], key),
    ]);
    expect(new Set(answers.map((answer) => answer.id)).size).toBe(1);
    expect(answers.filter((answer) => !answer.replayed)).toHaveLength(1);
    expect(await prisma.post.count({ where: { userId: ali.id } })).toBe(1);
    expect(await prisma.checkIn.count({ where: { userId: ali.id } })).toBe(1);
    expect(await createPost(ali.id, post, [], key)).toEqual({ id: answers[0]!.id, replayed: true });
  });

  it("a repeated post with uploaded media answers the first post instead of missing its taken uploads", async () => {
    const ali = await user("ali");
    const id = "c".repeat(32);
    await saveUpload(ali.id, id, new Uint8Array(await jpeg("#2a7e3b")), "plot.jpg");
    const post = input({ type: "DEMO_PLOT", media: [{ url: `/api/objects/uploads/${id}` }] });
    const first = await createPost(ali.id, post, [], key);
    expect(await createPost(ali.id, post, [], key)).toEqual({ id: first.id, replayed: true });
    expect(await prisma.postMedia.count({ where: { postId: first.id } })).toBe(1);
  });

  it("keys are per user, and posts without a key are never deduplicated", async () => {
    const ali = await user("ali");
    const bob = await user("bob");
    const post = input({ type: "ANNOUNCEMENT", text: "Meeting at 9" });
    const mine = await createPost(ali.id, post, [], key);
    const theirs = await createPost(bob.id, post, [], key);
    expect(theirs.replayed).toBe(false);
    expect(theirs.id).not.toBe(mine.id);
    await createPost(ali.id, post);
    await createPost(ali.id, post);
    expect(await prisma.post.count({ where: { userId: ali.id } })).toBe(3);
  });

  it("a comment repeated with the same key, even racing the first, is added once and answers the first", async () => {
    const ali = await user("ali");
    const { id } = await createPost(ali.id, input({ type: "ANNOUNCEMENT" }));
    const answers = await Promise.all([
      addComment(id, ali.id, "On my way", key),
      addComment(id, ali.id, "On my way", key),
    ]);
    expect(answers[0]!.value).toEqual(answers[1]!.value);
    expect(answers.map((answer) => answer.replayed).sort()).toEqual([false, true]);
    expect(await listComments(id, ali)).toHaveLength(1);
    expect((await addComment(id, ali.id, "On my way")).replayed).toBe(false);
    expect(await listComments(id, ali)).toHaveLength(2);
  });

  it("a key used again by its user for a different post or comment answers 422 and creates nothing", async () => {
    const ali = await user("ali");
    const { id } = await createPost(ali.id, input({ type: "ANNOUNCEMENT", text: "Meeting at 9" }), [], key);
    await expect(createPost(ali.id, input({ type: "ANNOUNCEMENT", text: "Meeting at 10" }), [], key)).rejects.toThrow(
      new AppError(422, KEY_REUSED),
    );
    await expect(createPost(ali.id, input({ type: "FIELD_VISIT", text: "Meeting at 9" }), [], key)).rejects.toThrow(
      new AppError(422, KEY_REUSED),
    );
    expect(await prisma.post.count()).toBe(1);

    const { id: other } = await createPost(ali.id, input({ type: "ANNOUNCEMENT", text: "Lunch" }));
    const commentKey: SubmissionKey = { value: "c".repeat(16), from: "header" };
    await addComment(id, ali.id, "On my way", commentKey);
    await expect(addComment(id, ali.id, "Running late", commentKey)).rejects.toThrow(new AppError(422, KEY_REUSED));
    await expect(addComment(other, ali.id, "On my way", commentKey)).rejects.toThrow(new AppError(422, KEY_REUSED));
    expect(await prisma.comment.count()).toBe(1);
    // The same comment with blanks around it is the same request.
    expect((await addComment(id, ali.id, " On my way ", commentKey)).replayed).toBe(true);
  });

  it("a page form's key used again for different content answers 422 in the form's words", async () => {
    const ali = await user("ali");
    const formKey: SubmissionKey = { value: "f".repeat(32), from: "form" };
    await createPost(ali.id, input({ type: "ANNOUNCEMENT", text: "Meeting at 9" }), [], formKey);
    const refused = await createPost(ali.id, input({ type: "ANNOUNCEMENT", text: "Meeting at 10" }), [], formKey).catch(
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ status: 422 });
    expect((refused as AppError).message).not.toMatch(/Idempotency-Key/);
  });

  it("the same photo files are the same request, other bytes another", async () => {
    const ali = await user("ali");
    const photo = (colour: string) =>
      jpeg(colour).then((buffer) => [{ name: "plot.jpg", bytes: new Uint8Array(buffer) }]);
    const post = input({ type: "DEMO_PLOT", text: "Plot" });
    const first = await createPost(ali.id, post, await photo("#2a7e3b"), key);
    expect(await createPost(ali.id, post, await photo("#2a7e3b"), key)).toEqual({ id: first.id, replayed: true });
    await expect(createPost(ali.id, post, await photo("#7e2a3b"), key)).rejects.toMatchObject({ status: 422 });
  });

  it("the new-post form and the phone's send queue, resending it with its key, are one request", async () => {
    const ali = await user("ali");
    const { id: dealerId } = await dealer();
    const form = new FormData();
    // Coordinates typed with no fix: the page's hidden place fields are blank.
    const fields = {
      idempotencyKey: "q".repeat(32),
      type: "SALE",
      text: "Sold 12 bags ",
      saleProduct: "SSP",
      saleQty: "12",
      salePrice: "3850.25",
      dealerId: String(dealerId),
      lat: "31.520400",
      lng: "74.358700",
      address: "",
      source: "",
      accuracy: "",
      fixAt: "",
    };
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    const fromForm = parseWithZod(form, { schema: postSchema });
    if (fromForm.status !== "success") throw new Error("the form should parse");
    const fromQueue = postSchema.parse(postBodyFromForm(form, ["idempotencyKey"]));

    // The page's place, when the form does not say how it was had, is TYPED: the door's default, not the request's content.
    const { id } = await createPost(
      ali.id,
      fromForm.value,
      [],
      { value: fields.idempotencyKey, from: "form" },
      "TYPED",
    );
    expect(await createPost(ali.id, fromQueue, [], { value: fields.idempotencyKey, from: "header" })).toEqual({
      id,
      replayed: true,
    });
    expect(await prisma.checkIn.findFirst({ where: { postId: id }, select: { source: true } })).toEqual({
      source: "TYPED",
    });
  });

  it("a post kept before its request's hash was stored is replayed without comparing", async () => {
    const ali = await user("ali");
    const { id } = await createPost(ali.id, input({ type: "ANNOUNCEMENT", text: "Meeting at 9" }), [], key);
    await prisma.post.update({ where: { id }, data: { requestHash: null } });
    expect(await createPost(ali.id, input({ type: "ANNOUNCEMENT", text: "Something else" }), [], key)).toEqual({
      id,
      replayed: true,
    });
  });
});

describe("sniffMedia", () => {
  it("decides the type from the bytes, not the name", async () => {
    const { sniffMedia } = await import("~/models/media.server");
    const mp4 = new Uint8Array([0, 0, 0, 0x18, ...new TextEncoder().encode("ftypisom"), 0, 0, 0, 0]);
    const mov = new Uint8Array([0, 0, 0, 0x14, ...new TextEncoder().encode("ftypqt  "), 0, 0, 0, 0]);
    const webm = new Uint8Array([0x1a, 0x45, 0xdf, 0xa3, 0, 0, 0, 0, 0, 0, 0, 0]);
    expect(sniffMedia(mp4)).toEqual({ kind: "VIDEO", mimeType: "video/mp4", extension: "mp4" });
    expect(sniffMedia(mov)?.mimeType).toBe("video/quicktime");
    expect(sniffMedia(webm)?.mimeType).toBe("video/webm");
    expect(sniffMedia(new Uint8Array(await jpeg("#fff")))?.mimeType).toBe("image/jpeg");
    expect(sniffMedia(new TextEncoder().encode("<html><script>alert(1)</script></html>"))).toBeNull();
  });

  it("keeps a video as it is, with the length its container says, whatever the browser said", async () => {
    const ali = await user("ali");
    const id = "fedcba9876543210fedcba9876543210";
    const { tinyVideo } = await import("../../tests/support/videos");
    // 25 frames of a tenth of a second: 2.5 s.
    await saveUpload(ali.id, id, await tinyVideo("mp4", 25), "clip.mp4");
    const { id: postId } = await createPost(
      ali.id,
      input({ type: "DEMO_PLOT", media: [{ url: `/api/objects/uploads/${id}`, durationSec: "75.4" }] }),
    );
    expect(
      await prisma.postMedia.findFirst({
        where: { postId },
        select: { kind: true, mimeType: true, durationSec: true, thumbUrl: true },
      }),
    ).toEqual({
      kind: "VIDEO",
      mimeType: "video/mp4",
      durationSec: 3,
      thumbUrl: null,
    });
  });
});

describe("forgetStaleUploads", () => {
  it("forgets uploads no post or import took within a day, spreadsheets too, and keeps newer ones", async () => {
    const { forgetStaleUploads } = await import("~/models/media.server");
    const ali = await user("ali");
    await saveUpload(ali.id, "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", new Uint8Array(await jpeg("#111111")), "old.jpg");
    await saveUpload(ali.id, "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb", new Uint8Array(await jpeg("#222222")), "new.jpg");
    const dayAgo = new Date(Date.now() - 25 * 3600 * 1000);
    await prisma.upload.update({ where: { id: "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa" }, data: { createdAt: dayAgo } });
    await prisma.upload.create({
      data: {
        id: "import-1",
        userId: ali.id,
        storageKey: "imports/x.xlsx",
        originalName: "x.xlsx",
        mimeType: "application/vnd.ms-excel",
        size: 1,
        createdAt: dayAgo,
      },
    });
    expect(await forgetStaleUploads()).toBe(2);
    expect((await prisma.upload.findMany({ select: { id: true }, orderBy: { id: "asc" } })).map((u) => u.id)).toEqual([
      "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb",
    ]);
  });
});

describe("the pixels of one post", () => {
  it("refuses ten 10,950×10,950 PNGs (each under the per-photo limit) with 413 from their headers, before decoding any", async () => {
    const { pngBomb } = await import("../../tests/support/image-bombs");
    const { PHOTO_PIXELS_PER_REQUEST } = await import("~/infra/image.server");
    const ali = await user("ali");
    const bomb = await pngBomb(10_950, 10_950);
    const files = Array.from({ length: 10 }, (_, n) => ({ name: `field-${n}.png`, bytes: bomb }));
    const started = performance.now();
    const refused = await createPost(ali.id, input({ type: "FIELD_VISIT", text: "Crops" }), files).catch(
      (error: unknown) => error,
    );
    const elapsed = performance.now() - started;
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ status: 413, field: "media", message: PHOTO_PIXELS_PER_REQUEST });
    expect(english(PHOTO_PIXELS_PER_REQUEST)).toMatch(/160 megapixels/);
    expect(elapsed).toBeLessThan(1000);
    expect(await prisma.post.count()).toBe(0);
  });

  it("takes ten 12.5 MP phone photos (4080×3060, what a 48 MP phone saves) in one post", async () => {
    const { pngBomb } = await import("../../tests/support/image-bombs");
    const ali = await user("ali");
    const photo = await pngBomb(4080, 3060);
    const files = Array.from({ length: 10 }, (_, n) => ({ name: `field-${n}.png`, bytes: photo }));
    const { id } = await createPost(ali.id, input({ type: "FIELD_VISIT", text: "Crops" }), files);
    expect(await prisma.postMedia.count({ where: { postId: id } })).toBe(10);
  }, 60_000);
});

describe("the daily upload quota", () => {
  it("refuses a user's third post of ten 9.9 MB videos with 429 (200 MB a day), storing nothing more", async () => {
    const { paddedVideo } = await import("../../tests/support/videos");
    const { DAILY_UPLOAD_LIMIT } = await import("~/models/upload-quota.server");
    const ali = await user("ali");
    const post = async (round: number) => {
      const files = [];
      for (let n = 0; n < 10; n++)
        files.push({ name: `clip-${round}-${n}.mp4`, bytes: await paddedVideo(9.9 * 1024 * 1024) });
      return createPost(ali.id, input({ type: "DEMO_PLOT", text: `Round ${round}` }), files);
    };
    await post(1);
    await post(2);
    const refused = await post(3).catch((error: unknown) => error);
    expect(refused).toMatchObject({ status: 429, message: DAILY_UPLOAD_LIMIT, field: "media" });
    expect((refused as AppError).retryAfterSec).toBeGreaterThan(0);
    expect(await prisma.post.count()).toBe(2);
  }, 60_000);
});
