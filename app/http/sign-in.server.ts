// Signing in, for the page form and POST /api/login alike: the password is checked with where the
// attempt comes from (its address, and whether this phone has signed in to the account before),
// and a right one leaves the phone a device cookie that spares it the address's limits next time
// (decision 58).
import crypto from "node:crypto";
import { createCookie, type RouterContextProvider } from "react-router";
import { clientAddressContext } from "~/http/context";
import { appCookie } from "~/infra/cookies.server";
import type { SignInSource } from "~/models/login-throttle.server";
import { createUserSession } from "~/models/session.server";
import { type LoginResult, verifyLogin } from "~/models/user.server";
import type { loginSchema } from "~/models/user.schema";
import type { z } from "zod";

const DEVICE_LIFETIME_SECONDS = 365 * 24 * 60 * 60;
// Signed, so a phone cannot claim another's trust; it names one account, the last one signed in.
const deviceCookie = createCookie(appCookie("fl_device").name, {
  ...appCookie("fl_device"),
  maxAge: DEVICE_LIFETIME_SECONDS,
});

type DeviceValue = { username: string; id: string };

function isDeviceValue(value: unknown): value is DeviceValue {
  const device = value as Partial<DeviceValue> | null;
  return typeof device?.username === "string" && typeof device.id === "string";
}

async function deviceOf(request: Request): Promise<DeviceValue | null> {
  const value: unknown = await deviceCookie.parse(request.headers.get("Cookie")).catch(() => null);
  return isDeviceValue(value) ? value : null;
}

type SignInArgs = { request: Request; context: Readonly<RouterContextProvider> };

export type SignInResult =
  | { ok: true; userId: number; /** The session's and the device's cookies. */ headers: Headers }
  | Extract<LoginResult, { ok: false }>;

export async function signIn(
  { request, context }: SignInArgs,
  credentials: z.infer<typeof loginSchema>,
): Promise<SignInResult> {
  const username = credentials.username.toLowerCase();
  const device = await deviceOf(request);
  const source: SignInSource = {
    address: context.get(clientAddressContext),
    device: device?.username === username ? device.id : null,
  };
  const login = await verifyLogin(credentials, source);
  if (!login.ok) return login;
  const headers = new Headers();
  headers.append("Set-Cookie", await createUserSession(login.userId));
  const id = source.device ?? crypto.randomBytes(16).toString("base64url");
  headers.append("Set-Cookie", await deviceCookie.serialize({ username, id } satisfies DeviceValue));
  return { ok: true, userId: login.userId, headers };
}
