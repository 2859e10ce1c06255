import type { APIRequestContext, APIResponse } from "@playwright/test";
import { expect, test } from "../e2e/support/fixtures";
import { karachiDate } from "../e2e/support/days";

// GET /api/team-day (decision 44): the manager's day as JSON, and its refusals.

async function signIn(request: APIRequestContext, username: string) {
  expect((await request.post("/api/login", { data: { username, password: "fieldline" } })).status()).toBe(200);
}

async function expectError(response: APIResponse, status: number, error: string) {
  expect(response.status()).toBe(status);
  expect(((await response.json()) as { error?: string }).error).toBe(error);
}

type TeamDay = {
  date: string;
  total: number;
  posted: number;
  people: Array<{ id: number; username: string; posts: number; planned: number; done: number }>;
};

test("a manager's day: every officer of their team, who has posted today first the ones who have not", async ({
  request,
}) => {
  await signIn(request, "officer7");
  expect(
    (await request.post("/api/posts", { data: { type: "FIELD_VISIT", text: "Checking the crop" } })).status(),
  ).toBe(201);
  await signIn(request, "manager");
  const day = (await (await request.get("/api/team-day")).json()) as TeamDay;
  expect(day.date).toBe(karachiDate());
  expect(day.people.length).toBe(day.total);
  expect(day.posted).toBe(day.people.filter((person) => person.posts > 0).length);
  const usernames = day.people.map((person) => person.username);
  expect(usernames).toContain("officer7");
  expect(usernames).not.toContain("manager");
  expect(usernames).not.toContain("admin");
  expect(day.people.find((person) => person.username === "officer7")?.posts).toBeGreaterThan(0);
  // Those who have not posted come first.
  const firstPosted = day.people.findIndex((person) => person.posts > 0);
  expect(day.people.slice(firstPosted).every((person) => person.posts > 0)).toBe(true);
});

test("the manager's day refuses officers, a team not the viewer's and a malformed team", async ({ request }) => {
  expect((await request.get("/api/team-day")).status()).toBe(401);
  await signIn(request, "officer1");
  await expectError(await request.get("/api/team-day"), 403, "You don't have permission to access this page.");
  await signIn(request, "manager");
  await expectError(await request.get("/api/team-day?team=abc"), 400, "team must be a team's id");
  await expectError(await request.get("/api/team-day?team=0"), 400, "team must be a team's id");
  await expectError(
    await request.get("/api/team-day?team=999999"),
    403,
    "You can only see the teams you belong to or lead.",
  );
  expect((await request.post("/api/team-day")).status()).toBe(405);
});
