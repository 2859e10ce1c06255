import type { Route } from "./+types/admin-registration";
import { apiCall, methodNotAllowed, readJsonBody } from "~/http/api.server";
import { requireRole } from "~/http/auth.server";
import { registrationSettingsSchema } from "~/models/registration.schema";
import { registrationSettings, saveRegistrationSettings } from "~/models/registration.server";

/** GET /api/admin/registration (ADMIN): who may join, and the company's email domains. */
export async function loader(args: Route.LoaderArgs) {
  requireRole(args, "ADMIN");
  return Response.json(await registrationSettings(), { headers: { "Cache-Control": "no-store" } });
}

/** PUT /api/admin/registration {mode, domains} (ADMIN): changes who may join. */
export async function action(args: Route.ActionArgs) {
  requireRole(args, "ADMIN");
  if (args.request.method !== "PUT") return methodNotAllowed(args);
  return apiCall(async () => {
    await saveRegistrationSettings(await readJsonBody(args.request, registrationSettingsSchema));
    return Response.json(await registrationSettings());
  });
}
