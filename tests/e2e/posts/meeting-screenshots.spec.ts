import { expect, signIn, test, uniqueName } from "../support/fixtures";
import { reviewScreenshot } from "../support/screenshots";

// The review's screenshots of a farmer meeting at 360 px (written only with SCREENSHOTS_DIR), in
// Chromium with JavaScript off (js-off, @browser) and on (js-on-enhanced, @js): New Post's meeting
// fields, the meeting's post with its attendees, and a farmer's meetings.

test(
  "a farmer meeting at 360 px: the form, the post with its attendees, the farmer's meetings",
  { tag: ["@browser", "@js"] },
  async ({ page }) => {
    const js = test.info().project.name.startsWith("js-on") ? "js-on" : "js-off";
    await page.setViewportSize({ width: 360, height: 800 });
    await signIn(page, "officer1");
    const phone = `0307${String(Date.now()).slice(-7)}`;
    const made = await page.request.post("/api/farmers", {
      data: {
        name: uniqueName("Ghulam Rasool"),
        phone,
        village: "Chak 45",
        tehsil: "Sahiwal",
        district: "Sahiwal",
        landAcres: 12.5,
      },
    });
    expect(made.status()).toBe(201);
    const farmer = (await made.json()) as { id: number };
    const post = await page.request.post("/api/posts", {
      data: {
        type: "FARMER_MEETING",
        text: "Wheat sowing meeting at the Chak 45 dera",
        headCount: 35,
        attendees: [
          { farmerId: farmer.id },
          { name: uniqueName("Rehana Bibi"), tehsil: "Sahiwal", district: "Sahiwal", landAcres: 4 },
        ],
      },
    });
    expect(post.status()).toBe(201);
    const { id } = (await post.json()) as { id: number };

    await page.goto("/new-post?type=FARMER_MEETING");
    await expect(page.getByLabel("Head count")).toBeVisible();
    await page.getByLabel("Head count").scrollIntoViewIfNeeded();
    await reviewScreenshot(page, `meeting-form-${js}`, { fullPage: true });
    await page.goto(`/posts/${id}`);
    await expect(page.getByRole("group", { name: "Meeting attendance" })).toBeVisible();
    await reviewScreenshot(page, `meeting-post-${js}`, { fullPage: true });
    await page.goto(`/farmers/${farmer.id}`);
    await expect(page.getByRole("region", { name: "Meetings" })).toBeVisible();
    await reviewScreenshot(page, `meeting-farmer-${js}`, { fullPage: true });
  },
);
