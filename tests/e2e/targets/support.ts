import type { APIRequestContext } from "@playwright/test";
import { expect, uniqueName } from "../support/fixtures";

async function signInApi(request: APIRequestContext, username: string, password = "fieldline") {
  expect((await request.post("/api/login", { data: { username, password } })).status()).toBe(200);
}

/**
 * A new officer in the test server's one team (led by `manager`), with a name of their own unless
 * `name` is given (a namesake); leaves `request` signed in as the admin.
 */
export async function newOfficer(
  request: APIRequestContext,
  name = uniqueName("Target").replaceAll("-", ""),
): Promise<{ id: number; name: string; username: string }> {
  const username = uniqueName("target").replaceAll("-", "");
  const registered = await request.post("/api/register", {
    data: { username, email: `${username}@example.pk`, password: "target-pass-1", firstName: name },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const { id } = (await registered.json()) as { id: number };
  await signInApi(request, "admin");
  const [team] = (await (await request.get("/api/teams")).json()) as Array<{ id: number }>;
  const joined = await request.put(`/api/teams/${team!.id}/members`, { data: { userId: id, member: true } });
  expect(joined.status(), await joined.text()).toBe(200);
  return { id, name, username };
}
