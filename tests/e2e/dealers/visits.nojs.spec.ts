import type { APIRequestContext } from "@playwright/test";
import { expect, signIn, test, uniqueName } from "../support/fixtures";
import { addDealerThroughApi } from "./support";

// A dealer's visits (decision 44): every post naming the dealer, newest first, each a link to its
// post, with "Last visited" on top; older ones a plain link away. Server decisions: JavaScript off.

const US_DATE = /^[A-Z][a-z]{2} \d{1,2}, \d{4}$/;

async function signInApi(request: APIRequestContext, username: string) {
  expect((await request.post("/api/login", { data: { username, password: "fieldline" } })).status()).toBe(200);
}

async function postAt(request: APIRequestContext, data: Record<string, unknown>): Promise<number> {
  const response = await request.post("/api/posts", { data: { text: uniqueName("Visit"), ...data } });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

test("a dealer's page shows when it was last visited, by whom, and its visits newest first", async ({
  page,
  request,
}) => {
  await signIn(page, "officer2");
  const dealer = await addDealerThroughApi(page);
  await page.goto(`/dealer-details/${dealer.id}`);
  await expect(page.getByTestId("last-visited")).toHaveText("Not visited yet");

  // officer1 meets the dealer and takes a recovery; officer2 meets them later. A post without the dealer is no visit.
  await signInApi(request, "officer1");
  const meeting = await postAt(request, { type: "DEALER_MEETING", dealerId: dealer.id });
  const recovery = await postAt(request, { type: "RECOVERY", recoveryAmount: "250", dealerId: dealer.id });
  await postAt(request, { type: "FIELD_VISIT" });
  const latest = await postAt(page.request, { type: "DEALER_MEETING", dealerId: dealer.id });

  await page.goto(`/dealer-details/${dealer.id}`);
  const lastVisited = page.getByTestId("last-visited");
  const text = (await lastVisited.textContent()) ?? "";
  const [, date, who] = /^Last visited (.+) by (.+)$/.exec(text) ?? [];
  expect(date).toMatch(US_DATE);
  const names = await (await request.get("/api/user")).json();
  const latestBy = await (await page.request.get("/api/user")).json();
  expect(who).toBe(`${latestBy.firstName} ${latestBy.lastName}`);

  const history = page.getByRole("list", { name: "Visit history" }).getByRole("link");
  await expect(history).toHaveCount(3);
  const hrefs = await Promise.all([0, 1, 2].map((i) => history.nth(i).getAttribute("href")));
  expect(hrefs).toEqual([`/posts/${latest}`, `/posts/${recovery}`, `/posts/${meeting}`]);
  await expect(history.nth(1)).toContainText("Recovery");
  await expect(history.nth(1)).toContainText(`${names.firstName} ${names.lastName}`);
  await expect(page.getByText("3 visits in all.")).toBeVisible();

  // The history links to the post itself.
  await history.nth(2).click();
  await expect(page).toHaveURL(new RegExp(`/posts/${meeting}$`));
});

test("the visit history pages back with a plain link, and an unreadable cursor shows the newest", async ({ page }) => {
  await signIn(page, "officer3");
  const dealer = await addDealerThroughApi(page);
  const posts: number[] = [];
  for (let i = 0; i < 12; i++) posts.push(await postAt(page.request, { type: "DEALER_MEETING", dealerId: dealer.id }));

  await page.goto(`/dealer-details/${dealer.id}`);
  const history = page.getByRole("list", { name: "Visit history" }).getByRole("link");
  await expect(history).toHaveCount(10);
  await expect(history.first()).toHaveAttribute("href", `/posts/${posts[11]}`);
  await page.getByRole("link", { name: "Older visits" }).click();
  await expect(history).toHaveCount(2);
  await expect(history.first()).toHaveAttribute("href", `/posts/${posts[1]}`);
  await expect(page.getByRole("link", { name: "Older visits" })).toHaveCount(0);
  await page.getByRole("link", { name: "Newest visits" }).click();
  await expect(history).toHaveCount(10);

  await page.goto(`/dealer-details/${dealer.id}?visits=not-a-cursor`);
  await expect(history).toHaveCount(10);
  await expect(history.first()).toHaveAttribute("href", `/posts/${posts[11]}`);
});
