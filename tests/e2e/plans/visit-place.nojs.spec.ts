import { expect, signIn, test } from "../support/fixtures";
import { karachiDate } from "../support/days";
import { PASSWORD, teamOfficerWithDealers } from "./support";
import { readInUrdu } from "../../support/urdu";

// Without JavaScript, Log visit can only send the dealer's own coordinates, typed into the form:
// such a visit is logged but not confirmed at the dealer (decision 64). The officer's plan and
// the manager's day say so, and the stop is not Done.

test("a visit logged without JavaScript has a typed place: the plan and the manager's day say so, and it is not Done", async ({
  page,
  request,
}) => {
  const officer = await teamOfficerWithDealers(request, ["Typed"]);
  const planned = await request.put(`/api/plans/${karachiDate()}`, { data: { dealerIds: [officer.ids.Typed] } });
  expect(planned.status(), await planned.text()).toBe(200);

  await signIn(page, officer.username, PASSWORD);
  await page.goto("/plan");
  await page.getByRole("link", { name: `Log visit to ${officer.prefix} Typed Traders` }).click();
  await expect(page.getByRole("heading", { name: "New Post" })).toBeVisible();
  await page.getByLabel("Description").fill("Visit logged without scripts");
  await page.getByRole("button", { name: "Post" }).click();

  await page.goto("/plan");
  const stop = page.getByRole("list", { name: "Stops in driving order" }).getByRole("listitem").first();
  await expect(stop).toContainText("Place typed, not from GPS");
  await expect(stop).toContainText("Not confirmed");
  await expect(stop).not.toContainText("Done");
  await expect(page.getByTestId("plan-progress")).toHaveText("1 planned · 0 done · 1 not confirmed · 0 missed · 0 km");
  // Read in Urdu, the plan says why in Urdu (/api's visitNote stays English).
  await readInUrdu(page);
  await page.goto("/plan");
  await expect(page.getByText("مقام ہاتھ سے لکھا گیا، GPS سے نہیں", { exact: true })).toBeVisible();
  await expect(page.getByText("Place typed, not from GPS")).toHaveCount(0);
  const answer = (await (await request.get(`/api/plans/${karachiDate()}`)).json()) as {
    stops: Array<Record<string, unknown>>;
  };
  expect(answer.stops[0]?.visitNote).toBe("Place typed, not from GPS");
  expect(answer.stops[0]).not.toHaveProperty("visitWhy");

  await page.context().clearCookies();
  await signIn(page, "manager");
  await page.goto("/");
  const row = page.getByTestId("team-today").locator(`[data-officer-id="${officer.id}"]`);
  await expect(row).toContainText("Plan: 0 of 1 done");
  await expect(row).toContainText(`${officer.prefix} Typed Traders: Place typed, not from GPS`);
});
