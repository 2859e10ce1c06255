// redirectTo never leads off the site: signing in with a hostile redirectTo lands on a page of
// ours (JavaScript on and off), and the post forms' redirectTo falls back to the post.
import { expect, signIn, test } from "../support/fixtures";

const EVIL = [
  "//evil.example",
  "https://evil.example",
  "/\\evil.example",
  "javascript:alert(1)",
  "/\t/evil.example",
  "/%09/evil.example",
  "\\\\evil.example",
  "http:evil.example",
];

for (const redirectTo of EVIL) {
  test(`signing in with redirectTo=${JSON.stringify(redirectTo)} stays on the site`, async ({ page, baseURL }) => {
    await page.goto(`/login?${new URLSearchParams({ redirectTo })}`);
    await page.locator('input[name="username"]').fill("officer3");
    await page.locator('input[name="password"]').fill("fieldline");
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.waitForURL((url) => url.pathname !== "/login");
    expect(new URL(page.url()).origin).toBe(new URL(baseURL!).origin);
  });
}

test("a comment's redirectTo falls back to the post", async ({ page, baseURL }) => {
  await signIn(page, "officer3");
  const [post] = (await (await page.request.get("/api/posts?limit=1")).json()) as Array<{ id: number }>;
  const id = post!.id;
  for (const redirectTo of EVIL) {
    const response = await page.request.post(`/posts/${id}`, {
      form: { intent: "comment", text: "", redirectTo },
      maxRedirects: 0,
    });
    const location = response.headers()["location"] ?? "";
    expect(location, redirectTo).toMatch(/^\/(?![/\\])/);
    expect(new URL(location, baseURL).origin, redirectTo).toBe(new URL(baseURL!).origin);
  }
});
