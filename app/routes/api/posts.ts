import { parseWithZod } from "@conform-to/zod/v4";
import type { Route } from "./+types/posts";
import { apiError, methodNotAllowed, readJsonBody, readQuery, revalidatedJson } from "~/http/api.server";
import { MultipartLimitError, readMultipartForm } from "~/http/multipart.server";
import { requireUser } from "~/models/auth.server";
import { REPLAYED_HEADER, submissionKeyFromHeader } from "~/models/idempotency.server";
import { createPost, getPost, listPosts, PostError } from "~/models/post.server";
import { fileTooLarge, MAX_FILE_BYTES, MAX_FILES, pageQuerySchema, postSchema, TOO_MANY_FILES } from "~/models/post.schema";

/**
 * GET /api/posts: the posts, newest first, as a JSON array; `?cursor=` and `?limit=` (default
 * 20, at most 100) page it, and the next page's address is in `Link: <…>; rel="next"`.
 */
export async function loader(args: Route.LoaderArgs) {
  const user = requireUser(args);
  const url = new URL(args.request.url);
  const { cursor, limit } = readQuery(args.request, pageQuerySchema);
  const page = await listPosts({ viewerId: user.id, cursor, limit });
  const headers = new Headers();
  if (page.nextCursor) {
    const next = new URL(url);
    next.search = new URLSearchParams({ cursor: page.nextCursor, limit: String(limit) }).toString();
    headers.set("Link", `<${next.pathname}${next.search}>; rel="next"`);
  }
  return revalidatedJson(args.request, page.posts, { headers });
}

/**
 * POST /api/posts: JSON with media referring to earlier uploads (POST /api/objects/upload), or
 * multipart with the files in `files`. Answers 201 with the post; the total is the server's.
 * With an `Idempotency-Key`, a repeat answers the first post (201, `Idempotent-Replayed: true`).
 */
export async function action(args: Route.ActionArgs) {
  const user = requireUser(args);
  if (args.request.method !== "POST") return methodNotAllowed(args);
  const key = submissionKeyFromHeader(args.request);
  const isMultipart = /^multipart\/form-data/i.test(args.request.headers.get("Content-Type") ?? "");
  let input;
  let files: Array<{ name: string; bytes: Uint8Array }> = [];
  if (isMultipart) {
    let form: FormData;
    try {
      form = await readMultipartForm(args.request, { maxFileSize: MAX_FILE_BYTES, maxFiles: MAX_FILES, fileTooLarge: fileTooLarge("A file"), tooManyFiles: TOO_MANY_FILES });
    } catch (error) {
      if (error instanceof MultipartLimitError) return apiError(error.status, error.message);
      throw error;
    }
    const uploaded = form.getAll("files").filter((value): value is File => typeof value !== "string");
    form.delete("files");
    const submission = parseWithZod(form, { schema: postSchema });
    if (submission.status !== "success") {
      const fieldErrors = Object.fromEntries(Object.entries(submission.error ?? {}).filter(([, messages]) => messages?.length)) as Record<string, string[]>;
      return apiError(400, Object.values(fieldErrors)[0]?.[0] ?? "Invalid post", fieldErrors);
    }
    input = submission.value;
    files = await Promise.all(uploaded.map(async (file) => ({ name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) })));
  } else {
    input = await readJsonBody(args.request, postSchema);
  }
  try {
    const { id, replayed } = await createPost(user.id, input, files, key);
    return Response.json(await getPost(id, user.id), { status: 201, headers: replayed ? { [REPLAYED_HEADER]: "true" } : undefined });
  } catch (error) {
    if (error instanceof PostError) return apiError(error.status, error.message, error.field ? { [error.field]: [error.message] } : undefined);
    throw error;
  }
}
