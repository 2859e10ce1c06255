import { apiError } from "~/http/api.server";
import { AdminError } from "~/models/admin.server";
import { userIdSchema } from "~/models/admin.schema";

/** The user id of an /api/admin path, or throws a 400 JSON answer. */
export function apiUserId(param: string | undefined): number {
  const parsed = userIdSchema.safeParse(param);
  if (!parsed.success) throw apiError(400, parsed.error.issues[0]?.message ?? "Invalid user id");
  return parsed.data;
}

/** Runs an admin call and turns the model's refusals into `{ error }` answers with their status. */
export async function adminCall(call: () => Promise<Response>): Promise<Response> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof AdminError) return apiError(error.status, error.message);
    throw error;
  }
}
