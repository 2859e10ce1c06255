import { expect, test } from "../support/fixtures";
import { registerThroughForm } from "../support/flows";
import { photo } from "./support";

// The upload widget's messages in the browser; without JavaScript the server's
// answers for the same cases are covered by tests/api/posts.spec.ts and posts.spec.ts.

const WRONG_TYPE = "You can only upload: image/jpeg, image/png, image/webp, video/mp4, video/webm, video/quicktime";

test.use({ geolocation: { latitude: 31.5204, longitude: 74.3587 }, permissions: ["geolocation"] });

test("too many, too large, wrong type, duplicate and refused files; offline and back online", async ({
  page,
  context,
}) => {
  // Eleven photos go through the server's re-encoding: on a busy two-core machine the steps took
  // 30 s together and the last wait was cut by the default test timeout (a fresh-clone run).
  test.setTimeout(90_000);
  await registerThroughForm(page);
  await page.goto("/new-post");
  // The widget replaces the plain file input once JavaScript runs.
  await expect(page.getByText("Add photos or videos")).toBeVisible();
  const input = page.locator("#post-files");
  const alerts = page.getByRole("group", { name: "Photos and videos" }).getByRole("alert");

  const first = await photo("first.jpg", "#123456");
  await input.setInputFiles([first]);
  await expect(page.getByRole("progressbar", { name: "Upload of first.jpg" })).toHaveAttribute("value", "100");
  await expect(page.getByTestId("notice")).toHaveText(["Upload Successful1 file(s) uploaded successfully!"]);

  await input.setInputFiles([first]);
  await expect(alerts).toContainText("Cannot add the duplicate file 'first.jpg', it already exists");

  await input.setInputFiles([{ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hello") }]);
  await expect(alerts).toContainText(WRONG_TYPE);

  const big = Buffer.alloc(10 * 1024 * 1024 + 1);
  first.buffer.copy(big);
  await input.setInputFiles([{ name: "huge.jpg", mimeType: "image/jpeg", buffer: big }]);
  await expect(alerts).toContainText("huge.jpg exceeds maximum allowed size of 10 MB");

  // A text file named .jpg passes the browser's check, and the server refuses it from its bytes.
  await input.setInputFiles([
    { name: "fake.jpg", mimeType: "image/jpeg", buffer: Buffer.from("only text in here, no picture") },
  ]);
  await expect(page.getByTestId("attached-file").filter({ hasText: WRONG_TYPE })).toBeVisible();
  await page.getByRole("button", { name: "Remove fake.jpg" }).click();

  const more = await Promise.all(
    Array.from({ length: 10 }, (_, i) => photo(`more-${i}.jpg`, `#${(i * 20 + 16).toString(16)}3344`)),
  );
  await input.setInputFiles(more);
  await expect(alerts).toContainText("You can only upload 10 file(s)");
  await expect(page.getByTestId("attached-file")).toHaveCount(10);
  await expect(page.getByTestId("notice")).toHaveText(["Upload Successful9 file(s) uploaded successfully!"]);

  await context.setOffline(true);
  await expect(page.getByText("No Internet connection")).toBeVisible();
  await context.setOffline(false);
  await expect(page.getByText("Connected to the Internet")).toBeVisible();
  await expect(page.getByText("Connected to the Internet")).toBeHidden({ timeout: 5000 });
});
