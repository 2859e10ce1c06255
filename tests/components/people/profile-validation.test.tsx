import { screen, waitFor, within } from "@testing-library/react";
import { redirect } from "react-router";
import { expect, test } from "vitest";
import { expectNotice, fakeServer, OFFICER, renderApp, rootData } from "../support/app";
import { profilePage, ServerNotices, type Panel, type ProfilePage } from "./support";

// The profile's two forms with JavaScript on (tests/e2e/auth/form-validation.spec.ts proves the
// server's answers without it): Conform names a too long name before anything is sent; a valid
// change is saved once and the profile shows it.

const FIELDS = ["firstName", "lastName", "phone", "homeAddress", "warehouseAddress"] as const;

/** A profile server that keeps the fields it is sent and says so on the next page, as the real one does. */
function profileServer() {
  const notices = new ServerNotices();
  const saved: Partial<ProfilePage["user"]> = {};
  return fakeServer(
    {
      "routes/profile/profile": async (request) => {
        if (request.method === "GET") {
          const params = new URL(request.url).searchParams;
          const panel: Panel | null =
            params.get("editProfile") === "true"
              ? "edit-profile"
              : params.get("updateLocations") === "true"
                ? "update-locations"
                : null;
          return profilePage(panel, saved);
        }
        const form = await request.formData();
        for (const field of FIELDS) if (form.has(field)) saved[field] = String(form.get(field)) || null;
        notices.carry({ title: form.get("intent") === "update-locations" ? "Locations Updated" : "Profile Updated" });
        return redirect("/profile");
      },
    },
    () => rootData({ toast: notices.take() }),
  );
}

test("profile forms: a too long name is named before sending, a valid change is saved", async () => {
  const server = profileServer();
  const app = await renderApp("/profile?editProfile=true", server);
  const firstName = await screen.findByLabelText("First name");
  await app.user.clear(firstName);
  await app.user.type(firstName, "x".repeat(51));
  await app.user.click(screen.getByRole("button", { name: "Save" }));
  await screen.findByText("First name must be 50 characters or less");
  expect(server.count("POST /profile")).toBe(0);

  await app.user.clear(firstName);
  await app.user.type(firstName, "Rabia");
  await app.user.type(screen.getByLabelText("Phone"), "+92 301 7654321");
  await app.user.click(screen.getByRole("button", { name: "Save" }));
  await expectNotice("Profile Updated");
  await waitFor(() => expect(app.address()).toBe("/profile"));
  expect(server.count("POST /profile", "edit-profile")).toBe(1);
  expect(screen.getByRole("heading", { name: new RegExp(`Rabia ${OFFICER.lastName}`) })).toBeInTheDocument();
  expect(screen.getByText("+92 301 7654321")).toBeInTheDocument();

  const settings = screen.getByRole("region", { name: "Settings" });
  await app.user.click(within(settings).getByRole("link", { name: "Update Locations" }));
  await app.user.type(await screen.findByLabelText("Warehouse address"), "Godown 3, Grain Market, Okara");
  await app.user.click(screen.getByRole("button", { name: "Save" }));
  await expectNotice("Locations Updated");
  await screen.findByText("Godown 3, Grain Market, Okara");
  expect(server.count("POST /profile", "update-locations")).toBe(1);
});
