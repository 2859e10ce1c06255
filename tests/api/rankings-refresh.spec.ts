import type { APIRequestContext } from "@playwright/test";
import { expect, test, uniqueName } from "../e2e/support/fixtures";

// The rankings (GET /api/agents/rankings, and the feed's table) show each officer's name and
// avatar: a change to either shows on the next read, not after the rankings' cache expires.

type Row = { id: number; name: string; firstName: string | null; selectedAvatar: string };

async function rankingRow(request: APIRequestContext, id: number): Promise<Row | undefined> {
  const response = await request.get("/api/agents/rankings?period=all");
  expect(response.status()).toBe(200);
  return ((await response.json()) as Row[]).find((row) => row.id === id);
}

test("a new name or avatar shows in the rankings at once", async ({ request }) => {
  const username = uniqueName("rank").replaceAll("-", "_");
  const registered = await request.post("/api/register", {
    data: { username, email: `${username}@example.pk`, password: "rank-pass-1", firstName: "Tariq" },
  });
  expect(registered.status()).toBe(201);
  const { id } = (await registered.json()) as { id: number };
  // A new officer is ranked at once, too.
  expect(await rankingRow(request, id)).toMatchObject({ name: "Tariq", selectedAvatar: "DEFAULT_1" });

  expect((await request.put("/api/me", { data: { firstName: "Tariq", lastName: "Mehmood" } })).status()).toBe(200);
  expect(await rankingRow(request, id)).toMatchObject({ name: "Tariq Mehmood" });

  expect((await request.patch("/api/user/avatar", { data: { selectedAvatar: "DEFAULT_4" } })).status()).toBe(200);
  expect(await rankingRow(request, id)).toMatchObject({ selectedAvatar: "DEFAULT_4" });
});
