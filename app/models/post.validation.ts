import { parseWithZod } from "@conform-to/zod/v4";
import { postSchema } from "~/models/post.schema";

/**
 * The new-post form's validation, the same on both sides. The browser loads it (zod and the
 * schemas, about 26 KiB gzipped) when the officer first touches the form: until then the server validates.
 */
export function validatePost(formData: FormData) {
  return parseWithZod(formData, { schema: postSchema });
}
