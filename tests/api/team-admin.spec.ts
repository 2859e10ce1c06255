import type { APIRequestContext } from "@playwright/test";
import { expect, test, uniqueName, waitingAccount } from "../e2e/support/fixtures";

// The manager's team administration through the API (issue 45, item 10): /api/team/users, /pending,
// /users/{id}/approve|refuse and /invites, for the teams the manager leads; /api/admin/* is the
// admin's (tests/api/admin.spec.ts). The e2e database has one team, led by `manager`.

const FORBIDDEN = { error: "You don't have permission to access this page.", requestId: expect.any(String) };

async function signIn(request: APIRequestContext, username: string) {
  expect((await request.post("/api/login", { data: { username, password: "fieldline" } })).status()).toBe(200);
}

test("a manager reads their people and the accounts waiting, approves, refuses and invites through /api/team", async ({
  request,
}) => {
  const approve = waitingAccount(`apiwait_${uniqueName("t").replaceAll("-", "_")}`);
  const refuse = waitingAccount(`apiwait_${uniqueName("t").replaceAll("-", "_")}`);
  await signIn(request, "manager");

  const users = await request.get("/api/team/users?query=officer1");
  expect(users.status()).toBe(200);
  const list = (await users.json()) as { users: Array<{ username: string; team: { id: number } | null }> };
  expect(list.users.map((user) => user.username)).toContain("officer1");
  const teamId = list.users.find((user) => user.username === "officer1")!.team!.id;

  const pending = (await (await request.get("/api/team/pending")).json()) as Array<{ id: number }>;
  expect(pending.map((account) => account.id)).toEqual(expect.arrayContaining([approve.id, refuse.id]));

  const noTeam = await request.post(`/api/team/users/${approve.id}/approve`, { data: {} });
  expect([noTeam.status(), (await noTeam.json()).error]).toEqual([400, "Choose the team this officer joins"]);
  const approved = await request.post(`/api/team/users/${approve.id}/approve`, { data: { teamId } });
  expect([approved.status(), await approved.json()]).toEqual([200, { message: "Account approved" }]);
  const refused = await request.post(`/api/team/users/${refuse.id}/refuse`);
  expect([refused.status(), await refused.json()]).toEqual([200, { message: "Account refused" }]);
  const after = (await (await request.get("/api/team/pending")).json()) as Array<{ id: number }>;
  expect(after.map((account) => account.id)).not.toContain(approve.id);
  expect(after.map((account) => account.id)).not.toContain(refuse.id);

  const invite = await request.post("/api/team/invites", { data: { teamId } });
  expect(invite.status()).toBe(201);
  expect(await invite.json()).toMatchObject({
    team: { id: teamId },
    url: expect.stringContaining("/register?invite="),
  });

  // The same calls under /api/admin are the admin's alone.
  for (const path of ["/api/admin/users", "/api/admin/pending"]) {
    const response = await request.get(path);
    expect([response.status(), await response.json()], path).toEqual([403, FORBIDDEN]);
  }
});

test("an officer gets 403 from every /api/team call", async ({ request }) => {
  await signIn(request, "officer2");
  for (const [method, path] of [
    ["get", "/api/team/users"],
    ["get", "/api/team/pending"],
    ["post", "/api/team/users/1/approve"],
    ["post", "/api/team/users/1/refuse"],
    ["post", "/api/team/invites"],
  ] as const) {
    const response = await request[method](path);
    expect([response.status(), await response.json()], path).toEqual([403, FORBIDDEN]);
  }
});
