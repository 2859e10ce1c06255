import { createCookieSessionStorage, redirect } from "react-router";
import { appCookie } from "~/infra/cookies.server";
import { type Toast, type ToastInput, toastSchema } from "~/lib/toast";

// A flash cookie: set by an action, shown once by the next page, so notices work without JavaScript.
const toastStorage = createCookieSessionStorage({
  cookie: appCookie("fl_toast"),
});

export async function toastCookie(toast: ToastInput): Promise<string> {
  const session = await toastStorage.getSession();
  session.flash("toast", toastSchema.parse(toast));
  return toastStorage.commitSession(session);
}

/** Reads (and consumes) the pending toast; answers it and the header that clears it. */
export async function readToast(request: Request): Promise<{ toast: Toast | null; headers: Headers | null }> {
  const session = await toastStorage.getSession(request.headers.get("Cookie"));
  if (!session.has("toast")) return { toast: null, headers: null };
  const parsed = toastSchema.safeParse(session.get("toast"));
  const headers = new Headers({ "Set-Cookie": await toastStorage.destroySession(session) });
  return { toast: parsed.success ? parsed.data : null, headers };
}

export async function redirectWithToast(url: string, toast: ToastInput, init?: ResponseInit): Promise<Response> {
  const headers = new Headers(init?.headers);
  headers.append("Set-Cookie", await toastCookie(toast));
  return redirect(url, { ...init, headers });
}
