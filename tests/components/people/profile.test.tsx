import { screen, waitFor, within } from "@testing-library/react";
import { redirect } from "react-router";
import { describe, expect, test, vi } from "vitest";
import { FAULTS, PAST_PATIENCE_MS } from "../../support/faults";
import { expectNotice, fakeServer, renderApp, rootData } from "../support/app";
import { profilePage, ServerNotices, signInAgain, signInFor, type Panel, type ProfilePage } from "./support";

// The profile's three dialogs on a flaky network (issue 15; Chromium keeps the rows' representative
// in tests/e2e/faults/people.js.spec.ts): the dialog stays with what was typed or chosen and says
// why; one more tap saves it, once.

const PANELS: Record<string, Panel> = {
  editProfile: "edit-profile",
  updateLocations: "update-locations",
  chooseAvatar: "choose-avatar",
};

/** A profile server that keeps what it is sent and says so on the next page, as the real one does. */
function profileServer() {
  const notices = new ServerNotices();
  const saved: Partial<ProfilePage["user"]> = {};
  const server = fakeServer(
    {
      "routes/profile/profile": async (request) => {
        if (request.method === "GET") {
          const params = new URL(request.url).searchParams;
          const panel = Object.entries(PANELS).find(([param]) => params.get(param) === "true")?.[1] ?? null;
          return profilePage(panel, saved);
        }
        const form = await request.formData();
        const intent = form.get("intent");
        if (intent === "choose-avatar") {
          saved.selectedAvatar = String(form.get("selectedAvatar"));
          notices.carry({ title: "Avatar Updated" });
        } else {
          for (const field of ["firstName", "homeAddress"] as const)
            if (form.has(field)) saved[field] = String(form.get(field));
          notices.carry({ title: intent === "update-locations" ? "Locations Updated" : "Profile Updated" });
        }
        return redirect("/profile");
      },
    },
    () => rootData({ toast: notices.take() }),
  );
  return server;
}

/** What the server received as `field` in its `intent` posts. */
const sent = (server: ReturnType<typeof profileServer>, intent: string, field: string) =>
  server.reached.filter((request) => request.form?.get("intent") === intent).map((r) => r.form?.get(field));

const DIALOGS = [
  {
    param: "editProfile",
    intent: "edit-profile",
    heading: "Edit Profile",
    field: "First name",
    name: "firstName",
    failure: "Failed to update profile: ",
    success: "Profile Updated",
  },
  {
    param: "updateLocations",
    intent: "update-locations",
    heading: "Update Locations",
    field: "Home address",
    name: "homeAddress",
    failure: "Failed to update locations: ",
    success: "Locations Updated",
  },
] as const;

for (const { param, intent, heading, field, name, failure, success } of DIALOGS)
  describe(heading, () => {
    const REASONS = {
      aborted: "the connection failed",
      "500 with JSON": "the server could not do it",
      "502 from the edge": "the server could not be reached",
      "no answer in time": "no answer came in time",
    } as const;

    test.each(FAULTS)(
      `${heading.toLowerCase()}, %s: the dialog stays with what was typed and says why; one more tap saves it once`,
      async (fault) => {
        const path = `/profile?${param}=true`;
        const typed = `Typed through ${fault}`;
        const server = profileServer();
        let app = await renderApp(path, server);
        await app.user.clear(await screen.findByLabelText(field));
        await app.user.type(screen.getByLabelText(field), typed);
        server.failNext(fault, "POST /profile");
        await app.user.click(screen.getByRole("button", { name: "Save" }));

        if (fault === "session expired") {
          await expectNotice("You are logged out. Logging in again...");
          await waitFor(() => expect(app.address()).toBe(signInFor(path)));
          expect(server.count("POST /profile")).toBe(0);
          app = await signInAgain(app, server, path);
        } else {
          if (fault === "no answer in time") {
            // While it goes, the button says so.
            expect(screen.getByRole("button", { name: "Saving..." })).toBeDisabled();
            await vi.advanceTimersByTimeAsync(PAST_PATIENCE_MS);
          }
          await expectNotice(`${failure}${REASONS[fault]}`);
          // "No answer in time" reached the server; the others did not.
          expect(server.count("POST /profile", intent)).toBe(fault === "no answer in time" ? 1 : 0);
        }
        await screen.findByRole("heading", { name: heading });
        await waitFor(() => expect(screen.getByLabelText(field)).toHaveValue(typed));

        const before = server.count("POST /profile", intent);
        // Once the failed save has settled, the button says "Save" again.
        await app.user.click(await screen.findByRole("button", { name: "Save" }));
        await expectNotice(success);
        await waitFor(() => expect(screen.queryByRole("heading", { name: heading })).not.toBeInTheDocument());
        expect(server.count("POST /profile", intent)).toBe(before + 1);
        expect(sent(server, intent, name).at(-1)).toBe(typed);
        expect(app.address()).toBe("/profile");
      },
    );
  });

// Each fault chooses another avatar than the officer's.
const CHOICES = {
  aborted: ["Professional", "DEFAULT_2"],
  "500 with JSON": ["Executive", "DEFAULT_3"],
  "502 from the edge": ["Innovator", "DEFAULT_4"],
  "no answer in time": ["Achiever", "DEFAULT_5"],
  "session expired": ["Professional", "DEFAULT_2"],
} as const;

test.each(FAULTS)("avatar, %s: the choice stays and says so; one more tap saves it", async (fault) => {
  const path = "/profile?chooseAvatar=true";
  const [choice, avatar] = CHOICES[fault];
  const server = profileServer();
  let app = await renderApp(path, server);
  await app.user.click(within(await screen.findByTestId("avatar-grid")).getByText(choice, { exact: true }));
  server.failNext(fault, "POST /profile");
  await app.user.click(screen.getByRole("button", { name: "Save" }));

  if (fault === "session expired") {
    await expectNotice("You are logged out. Logging in again...");
    expect(server.count("POST /profile")).toBe(0);
    app = await signInAgain(app, server, path);
  } else {
    if (fault === "no answer in time") {
      expect(screen.getByRole("button", { name: "Saving..." })).toBeDisabled();
      await vi.advanceTimersByTimeAsync(PAST_PATIENCE_MS);
    }
    await expectNotice("Update Failed", "Failed to update avatar. Please try again.");
    expect(server.count("POST /profile", "choose-avatar")).toBe(fault === "no answer in time" ? 1 : 0);
  }
  await screen.findByRole("heading", { name: "Choose Avatar" });
  const grid = screen.getByTestId("avatar-grid");
  await waitFor(() => expect(within(grid).getByRole("radio", { name: choice })).toBeChecked());

  const before = server.count("POST /profile", "choose-avatar");
  // Once the failed save has settled, the button says "Save" again.
  await app.user.click(await screen.findByRole("button", { name: "Save" }));
  await expectNotice("Avatar Updated");
  expect(server.count("POST /profile", "choose-avatar")).toBe(before + 1);
  expect(sent(server, "choose-avatar", "selectedAvatar").at(-1)).toBe(avatar);
});
