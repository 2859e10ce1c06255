import { parseWithZod } from "@conform-to/zod/v4";
import { z } from "zod";
import { revalidatedJson } from "~/http/answer-cache.server";
import * as answers from "~/http/api-answers";
import { apiError } from "~/http/api.server";
import { said } from "~/http/language.server";
import { operation } from "~/http/api/operation.server";
import { readBodyWithin } from "~/http/request-body.server";
import { readPostForm } from "~/http/upload-forms.server";
import { SALE_PRODUCT_LABELS, SALE_PRODUCTS } from "~/lib/post-types";
import { replayHeaders, submissionKeyFromHeader } from "~/infra/idempotency.server";
import { forgetStaleUploads, saveUpload } from "~/models/media.server";
import {
  checkInSchema,
  commentSchema,
  feedQuerySchema,
  FILE_TOO_LARGE,
  MAX_FILE_BYTES,
  postSchema,
  reactionSchema,
} from "~/models/post.schema";
import {
  addComment,
  COMMENT_NOT_FOUND,
  createPost,
  deleteComment,
  feedPage,
  getPost,
  likePost,
  listComments,
  listReactions,
  POST_NOT_FOUND,
  recordCheckIn,
  unlikePost,
} from "~/models/post.server";
import { createUploadUrl, verifyUploadUrl } from "~/infra/upload-url.server";
import { log } from "~/infra/log.server";

const INVALID_UPLOAD_URL = "This upload URL is invalid or has expired. Please try again.";

const postId = { description: "Post id", example: 1, notFound: POST_NOT_FOUND };

const isMultipart = (request: Request) => /^multipart\/form-data/i.test(request.headers.get("Content-Type") ?? "");

/** The multipart twin of the JSON body: the fields through the page form's schema, and the files. */
async function readMultipartPost(request: Request) {
  const { form, files } = await readPostForm(request);
  const submission = parseWithZod(form, { schema: postSchema });
  if (submission.status !== "success") {
    // The schema's messages are catalogs' keys: /api says them in English.
    const fieldErrors = Object.fromEntries(
      Object.entries(submission.error ?? {}).flatMap(([field, messages]) =>
        messages?.length ? [[field, messages.map((message) => said(message))]] : [],
      ),
    ) as Record<string, string[]>;
    throw apiError(400, Object.values(fieldErrors)[0]?.[0] ?? "Invalid post", fieldErrors);
  }
  return { input: submission.value, files };
}

export const postOperations = [
  operation({
    method: "get",
    path: "/api/posts",
    summary:
      'The feed, newest first, of the viewer\'s own people (scope=company: everyone; team: one team); the next page is in the Link header (rel="next")',
    tag: "Posts",
    access: "app.use",
    query: feedQuerySchema,
    queryExample: { limit: "5", scope: "company" },
    answer: { status: 200, description: "Posts", schema: z.array(answers.postAnswer) },
    // A team the viewer neither belongs to nor leads.
    errors: [403],
    /**
     * `?cursor=` and `?limit=` (default 20, at most 100) page it, and the next page's address is in
     * `Link: <…>; rel="next"`; `?scope=company` is the whole company's, `?team=` one team's; by
     * default the viewer's own people's.
     */
    handler: async ({ request, user, query }) => {
      const page = await feedPage(user, query);
      const headers = new Headers();
      if (page.nextCursor) {
        const next = new URL(request.url);
        next.search = new URLSearchParams({
          cursor: page.nextCursor,
          limit: String(query.limit),
          ...(query.scope ? { scope: query.scope } : {}),
          ...(query.team !== undefined ? { team: String(query.team) } : {}),
        }).toString();
        headers.set("Link", `<${next.pathname}${next.search}>; rel="next"`);
      }
      return revalidatedJson(request, page.posts, { headers });
    },
  }),
  operation({
    method: "post",
    path: "/api/posts",
    summary: "Create a post (JSON with media from /api/objects/upload, or multipart with files)",
    tag: "Posts",
    access: "app.use",
    body: {
      kind: "json",
      schema: postSchema,
      example: {
        type: "FIELD_VISIT",
        text: "Contract test visit to the wheat plots near Okara.",
        lat: 30.8138,
        lng: 73.4534,
      },
    },
    answer: { status: 201, description: "The post", schema: answers.postAnswer },
    // Media are read back from file storage, which may be unreachable; 422 also refuses a sale past
    // the dealer's credit limit when the company's setting makes the limit block (decision 82).
    // A Farmer Meeting naming another team's farmer answers 403; a new farmer with a phone taken, 409.
    errors: [403, 409, 422, 429, 503],
    idempotent: true,
    /**
     * JSON with media referring to earlier uploads (POST /api/objects/upload), or multipart with
     * the files in `files`. Answers 201 with the post; the total is the server's. With an
     * `Idempotency-Key`, a repeat answers the first post (201, `Idempotent-Replayed: true`); the
     * key with another post answers 422. A sale past the dealer's credit limit, or to a dealer with
     * overdue money, posts (a tool cannot confirm as the page's officer does) and its team's
     * managers are notified; with the limit blocking, one past the limit answers 422.
     */
    handler: async ({ request, user, body }) => {
      const key = submissionKeyFromHeader(request);
      const { input, files } = isMultipart(request)
        ? await readMultipartPost(request)
        : { input: await body(), files: [] };
      const { id, replayed } = await createPost(user.id, input, files, key);
      return Response.json(await getPost(id, user), {
        status: 201,
        headers: replayHeaders(replayed),
      });
    },
  }),
  operation({
    method: "get",
    path: "/api/posts/{id}/react",
    summary: "The post's reactions",
    tag: "Posts",
    access: "app.use",
    pathParams: { id: postId },
    answer: { status: 200, description: "Reactions", schema: answers.reactionsAnswer },
    errors: [404],
    handler: async ({ params }) => Response.json(await listReactions(params.id)),
  }),
  operation({
    method: "post",
    path: "/api/posts/{id}/react",
    summary: "Like the post",
    tag: "Posts",
    access: "app.use",
    pathParams: { id: postId },
    body: { kind: "json", schema: reactionSchema, example: { type: "LIKE" } },
    answer: { status: 201, description: "Reactions", schema: answers.reactionsAnswer },
    errors: [404],
    handler: async ({ user, params, body }) => {
      await body();
      await likePost(params.id, user.id);
      return Response.json(await listReactions(params.id), { status: 201 });
    },
  }),
  operation({
    method: "delete",
    path: "/api/posts/{id}/react",
    summary: "Remove the user's like",
    tag: "Posts",
    access: "app.use",
    pathParams: { id: postId },
    answer: { status: 200, description: "Reactions", schema: answers.reactionsAnswer },
    errors: [404],
    handler: async ({ user, params }) => {
      await unlikePost(params.id, user.id);
      return Response.json(await listReactions(params.id));
    },
  }),
  operation({
    method: "get",
    path: "/api/posts/{id}/comments",
    summary: "The post's comments, oldest first",
    tag: "Posts",
    access: "app.use",
    pathParams: { id: postId },
    answer: { status: 200, description: "Comments", schema: z.array(answers.commentAnswer) },
    errors: [404],
    // Deleted ones keep their place, with isDeleted and no text.
    handler: async ({ user, params }) => Response.json(await listComments(params.id, user)),
  }),
  operation({
    method: "post",
    path: "/api/posts/{id}/comments",
    summary: "Comment on the post",
    tag: "Posts",
    access: "app.use",
    pathParams: { id: postId },
    body: { kind: "json", schema: commentSchema, example: { text: "Good work, contract test." } },
    answer: { status: 201, description: "The comment", schema: answers.commentAnswer },
    errors: [404],
    idempotent: true,
    // With an `Idempotency-Key`, a repeat answers the first, and the key with another text or post answers 422.
    handler: async ({ request, user, params, body }) => {
      const key = submissionKeyFromHeader(request);
      const { text } = await body();
      const { value, replayed } = await addComment(params.id, user.id, text, key);
      return Response.json(value, { status: 201, headers: replayHeaders(replayed) });
    },
  }),
  operation({
    method: "delete",
    path: "/api/posts/{id}/comments/{commentId}",
    summary: "Delete one of the user's own comments",
    tag: "Posts",
    access: "app.use",
    pathParams: {
      id: { ...postId, notFound: COMMENT_NOT_FOUND },
      commentId: { description: "Comment id", example: 1, notFound: COMMENT_NOT_FOUND },
    },
    answer: { status: 200, description: "Deleted", schema: answers.successAnswer },
    errors: [404],
    // The author's own comment only (403 otherwise).
    handler: async ({ user, params }) => {
      await deleteComment(params.id, params.commentId, user.id);
      return Response.json({ success: true });
    },
  }),
  operation({
    method: "post",
    path: "/api/objects/upload",
    summary: "A signed URL to PUT one media file to (15 minutes)",
    tag: "Posts",
    access: "app.use",
    answer: { status: 200, description: "The upload URL", schema: answers.uploadUrlAnswer },
    handler: ({ user }) => {
      // Housekeeping on the way: files of posts that were never sent do not pile up.
      void forgetStaleUploads().catch((error: unknown) => log.error({ err: error }, "could not forget stale uploads"));
      const { uploadURL, expiresAt } = createUploadUrl(user.id);
      return Response.json(
        { uploadURL, expiresAt: new Date(expiresAt).toISOString() },
        { headers: { "Cache-Control": "no-store" } },
      );
    },
  }),
  operation({
    method: "put",
    path: "/api/objects/uploads/{uploadId}",
    summary: "The signed upload target: the file's bytes (the URL's signature authorises it)",
    tag: "Posts",
    access: "signed-url",
    pathParams: { uploadId: { description: "From the signed URL", example: "0123456789abcdef0123456789abcdef" } },
    body: {
      kind: "bytes",
      description:
        "A JPEG, PNG, WebP, MP4, WebM or QuickTime file of at most 10 MB (a photo at most 120 megapixels); the URL takes one PUT",
    },
    answer: { status: 200, description: "Stored", schema: answers.storedObjectAnswer },
    errors: [403, 409, 415, 429, 503],
    // The signed URL alone authorises it (no cookie needed); a tampered or expired one answers 403. The type is decided from the bytes.
    handler: async ({ request }) => {
      const url = new URL(request.url);
      const grant = verifyUploadUrl(url);
      if (!grant) return apiError(403, INVALID_UPLOAD_URL);
      const name = request.headers.get("X-File-Name") ?? "The file";
      const bytes = await readBodyWithin(request, MAX_FILE_BYTES);
      if (!bytes) return apiError(413, said(FILE_TOO_LARGE, { name }));
      if (bytes.byteLength === 0) return apiError(400, "The file is empty");
      const sniffed = await saveUpload(grant.userId, grant.id, bytes, name);
      return Response.json({
        uploadId: grant.id,
        url: url.pathname,
        kind: sniffed.kind,
        mimeType: sniffed.mimeType,
        size: bytes.byteLength,
      });
    },
  }),
  operation({
    method: "get",
    path: "/api/products",
    summary: "The products a sale can be of",
    tag: "Posts",
    access: "app.use",
    answer: { status: 200, description: "Products", schema: z.array(answers.productAnswer) },
    handler: ({ request }) =>
      revalidatedJson(
        request,
        SALE_PRODUCTS.map((id) => ({ id, name: SALE_PRODUCT_LABELS[id] })),
      ),
  }),
  operation({
    method: "post",
    path: "/api/checkins",
    summary: "Record a check-in (for GPS trackers and other tools)",
    tag: "Map",
    access: "app.use",
    body: { kind: "json", schema: checkInSchema, example: { type: "CHECK_IN", lat: 30.8138, lng: 73.4534 } },
    answer: { status: 201, description: "The check-in", schema: answers.checkInAnswer },
    handler: async ({ user, body }) => Response.json(await recordCheckIn(user.id, await body()), { status: 201 }),
  }),
];
