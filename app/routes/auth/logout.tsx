import { redirect } from "react-router";
import type { Route } from "./+types/logout";
import { destroyUserSession } from "~/models/session.server";

export async function action({ request }: Route.ActionArgs) {
  return redirect("/", { headers: { "Set-Cookie": await destroyUserSession(request.headers.get("Cookie")) } });
}

/** Signing out changes state, so it is a POST; a GET just goes home. */
export function loader() {
  return redirect("/");
}
