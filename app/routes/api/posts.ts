import { parseWithZod } from "@conform-to/zod/v4";
import type { Route } from "./+types/posts";
import { apiCall, apiError, methodNotAllowed, readJsonBody, readQuery } from "~/http/api.server";
import { revalidatedJson } from "~/http/answer-cache.server";
import { readPostForm } from "~/http/upload-forms.server";
import { requireUser } from "~/http/auth.server";
import { REPLAYED_HEADER, submissionKeyFromHeader } from "~/infra/idempotency.server";
import { createPost, feedPage, getPost } from "~/models/post.server";
import { feedQuerySchema, postSchema } from "~/models/post.schema";

/**
 * GET /api/posts: the posts, newest first, as a JSON array; `?cursor=` and `?limit=` (default
 * 20, at most 100) page it, and the next page's address is in `Link: <…>; rel="next"`.
 * `?scope=company` is the whole company's, `?team=` one team's; by default the viewer's own people's.
 */
export async function loader(args: Route.LoaderArgs) {
  const user = requireUser(args);
  const url = new URL(args.request.url);
  return apiCall(async () => {
    const query = readQuery(args.request, feedQuerySchema);
    const page = await feedPage(user, query);
    const headers = new Headers();
    if (page.nextCursor) {
      const next = new URL(url);
      next.search = new URLSearchParams({
        cursor: page.nextCursor,
        limit: String(query.limit),
        ...(query.scope ? { scope: query.scope } : {}),
        ...(query.team !== undefined ? { team: String(query.team) } : {}),
      }).toString();
      headers.set("Link", `<${next.pathname}${next.search}>; rel="next"`);
    }
    return revalidatedJson(args.request, page.posts, { headers });
  });
}

/**
 * POST /api/posts: JSON with media referring to earlier uploads (POST /api/objects/upload), or
 * multipart with the files in `files`. Answers 201 with the post; the total is the server's.
 * With an `Idempotency-Key`, a repeat answers the first post (201, `Idempotent-Replayed: true`);
 * the key with another post answers 422.
 */
export async function action(args: Route.ActionArgs) {
  const user = requireUser(args);
  if (args.request.method !== "POST") return methodNotAllowed(args);
  return apiCall(async () => {
    const key = submissionKeyFromHeader(args.request);
    const { input, files } = isMultipart(args.request)
      ? await readMultipartPost(args.request)
      : { input: await readJsonBody(args.request, postSchema), files: [] };
    const { id, replayed } = await createPost(user.id, input, files, key);
    return Response.json(await getPost(id, user), {
      status: 201,
      headers: replayed ? { [REPLAYED_HEADER]: "true" } : undefined,
    });
  });
}

const isMultipart = (request: Request) => /^multipart\/form-data/i.test(request.headers.get("Content-Type") ?? "");

/** The multipart twin of the JSON body: the fields through the page form's schema, and the files. */
async function readMultipartPost(request: Request) {
  const { form, files } = await readPostForm(request);
  const submission = parseWithZod(form, { schema: postSchema });
  if (submission.status !== "success") {
    const fieldErrors = Object.fromEntries(
      Object.entries(submission.error ?? {}).filter(([, messages]) => messages?.length),
    ) as Record<string, string[]>;
    throw apiError(400, Object.values(fieldErrors)[0]?.[0] ?? "Invalid post", fieldErrors);
  }
  return { input: submission.value, files };
}
