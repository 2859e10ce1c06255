import { expect, signIn, test } from "../support/fixtures";
import { karachiDate } from "../support/days";
import { PASSWORD, teamOfficerWithDealers } from "./support";

// The visit loop with JavaScript when the connection drops at the dealer: the visit waits on the
// phone, and the officer still goes on to the plan from there (to its top: until the visit is
// sent, the server still counts its stop as the next).

test.use({ geolocation: { latitude: 31.5204, longitude: 74.3587 }, permissions: ["geolocation"] });

test("a visit logged offline waits on the phone, and the notice leads back to the plan's next stop", async ({
  page,
  context,
  request,
}) => {
  const officer = await teamOfficerWithDealers(request, ["Here", "There"]);
  const planned = await request.put(`/api/plans/${karachiDate()}`, {
    data: { dealerIds: [officer.ids.Here, officer.ids.There] },
  });
  expect(planned.status(), await planned.text()).toBe(200);

  await signIn(page, officer.username, PASSWORD);
  await page.goto("/plan");
  await page.getByRole("link", { name: `Log visit to ${officer.prefix} Here Traders` }).click();
  await expect(page.getByLabel("Latitude")).toHaveValue("31.520400");
  await page.getByLabel("Description").fill("Visited while the signal dropped");
  await context.setOffline(true);
  await page.getByRole("button", { name: "Post", exact: true }).click();

  await expect(page.getByText("Saved on this phone, waiting to send")).toBeVisible();
  await expect(page.getByRole("link", { name: "Back to the plan" })).toHaveAttribute("href", "/plan");
});
