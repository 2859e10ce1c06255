import { countRows, expect, signIn, test, uniqueName } from "../support/fixtures";

// A Farmer Meeting post's people without JavaScript (decision 95): the head count, farmers of the
// register named by typing their phones, and a new farmer added in one of the empty rows, all made
// with the post or not at all. Another team's farmer is the model's and the resilience level's
// (this level shares one team with every other spec).

/** A mobile no other run of the suite has used (the last digit tells two of one test apart). */
const uniquePhone = (last: number) => `0305${String(Date.now()).slice(-6)}${last}`;

test("an officer posts a farmer meeting naming a farmer by phone and adding one; bad input answers 400 in place and writes nothing", async ({
  page,
}) => {
  await signIn(page, "officer1");
  const known = { name: uniqueName("Farmer Met"), phone: uniquePhone(1) };
  const added = { name: uniqueName("Farmer Added"), phone: uniquePhone(2) };
  const made = await page.request.post("/api/farmers", {
    data: { ...known, tehsil: "Sahiwal", district: "Sahiwal", landAcres: 4 },
  });
  expect(made.status()).toBe(201);
  const knownId = ((await made.json()) as { id: number }).id;
  const text = uniqueName("Wheat sowing meeting at Chak 45");

  await page.goto("/new-post");
  await page.getByLabel("Post type *").selectOption("FARMER_MEETING");
  await page.getByLabel("Description").fill(text);
  await page.getByLabel("Head count").fill("1");
  await page.getByLabel("Farmers met, by phone").fill(`${known.phone}\n0345 0000001`);
  await page.getByLabel("Name of new farmer 1").fill(added.name);
  await page.getByLabel("Phone of new farmer 1").fill(added.phone);
  await page.getByLabel("Village of new farmer 1").fill("Chak 12");
  await page.getByLabel("Tehsil of new farmer 1").fill("Okara");
  await page.getByLabel("District of new farmer 1").fill("Okara");
  await page.getByLabel("Land (acres) of new farmer 1").fill("250000");
  await page.getByRole("button", { name: "Post", exact: true }).click();
  // The schema's message first: the absurd land of the new farmer, on its row, with what was typed.
  await expect(
    page.getByText("Land must be from 0.01 to 10,000 acres, with at most two decimals").first(),
  ).toBeVisible();
  expect(await page.getByLabel("Name of new farmer 1").inputValue()).toBe(added.name);

  await page.getByLabel("Land (acres) of new farmer 1").fill("7.5");
  await page.getByRole("button", { name: "Post", exact: true }).click();
  await expect(page.getByText("No farmer you work with has the phone 0345 0000001.").first()).toBeVisible();

  await page.getByLabel("Farmers met, by phone").fill(known.phone);
  await page.getByRole("button", { name: "Post", exact: true }).click();
  await expect(page.getByText("Head count must be at least the number of farmers named").first()).toBeVisible();
  expect(countRows("SELECT COUNT(*) AS n FROM Post WHERE text = ?", text)).toBe(0);
  expect(countRows("SELECT COUNT(*) AS n FROM Farmer WHERE name = ?", added.name)).toBe(0);

  // The refusals' statuses, as a browser without JavaScript gets them.
  const form = {
    type: "FARMER_MEETING",
    text,
    headCount: "1",
    attendeePhones: known.phone,
    "attendees[0].name": added.name,
    "attendees[0].tehsil": "Okara",
    "attendees[0].district": "Okara",
    "attendees[0].landAcres": "7.5",
  };
  expect((await page.request.post("/new-post", { multipart: form })).status()).toBe(400);
  expect(
    (
      await page.request.post("/new-post", { multipart: { ...form, headCount: "2", attendeePhones: "0345 0000001" } })
    ).status(),
  ).toBe(400);
  expect(
    (
      await page.request.post("/new-post", { multipart: { ...form, headCount: "2", "attendees[0].landAcres": "-3" } })
    ).status(),
  ).toBe(400);
  expect(countRows("SELECT COUNT(*) AS n FROM Post WHERE text = ?", text)).toBe(0);

  await page.getByLabel("Head count").fill("35");
  await page.getByRole("button", { name: "Post", exact: true }).click();
  await expect(page.getByText("Post created successfully!")).toBeVisible();
  const postId = countRows("SELECT id AS n FROM Post WHERE text = ?", text);
  expect(countRows("SELECT COUNT(*) AS n FROM MeetingAttendee WHERE postId = ?", postId)).toBe(2);

  await page.goto(`/posts/${postId}`);
  const people = page.getByRole("group", { name: "Meeting attendance" });
  await expect(people.getByText("35")).toBeVisible();
  await expect(people.getByRole("link", { name: known.name })).toBeVisible();
  await people.getByRole("link", { name: added.name }).click();
  await expect(page.getByRole("heading", { name: added.name, level: 1 })).toBeVisible();
  await expect(page.getByText("Chak 12")).toBeVisible();
  const meetings = page.getByRole("region", { name: "Meetings" });
  await expect(meetings.getByText("35 people")).toBeVisible();
  await meetings.getByRole("link").first().click();
  await expect(page).toHaveURL(new RegExp(`/posts/${postId}$`));
  // The phone of a farmer named is never on the post's page.
  await expect(page.getByText(known.phone.slice(4))).toHaveCount(0);

  await page.goto(`/farmers/${knownId}`);
  await expect(page.getByRole("region", { name: "Meetings" }).getByText("35 people")).toBeVisible();
});
