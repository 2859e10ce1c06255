import { screen, waitFor } from "@testing-library/react";
import { http, HttpResponse } from "msw/http";
import { redirect } from "react-router";
import { beforeEach, expect, test, vi } from "vitest";
import type { loader } from "~/routes/auth/location-setup";
import { FAULTS, PAST_PATIENCE_MS } from "../../support/faults";
import { expectNotice, fakeServer, renderApp } from "../support/app";
import { network } from "../support/network";
import { phoneAt } from "../support/phone";
import { signInAgain, signInFor } from "./support";

// Location setup's save on a flaky network (issue 15; Chromium keeps "session expired" as its
// representative in tests/e2e/faults/people.js.spec.ts): the chosen place stays and the spec's
// message shows; an expired session says so, and signing in comes back here with the place.

// The page's words come from the root's English catalogs (../support/app), hence no `messages` here.
// Leaflet draws nothing in happy-dom; the place is chosen with Use Current Location.
vi.mock("~/components/map/location-map.client", () => ({ default: () => null }));

const HERE = { latitude: 31.5204, longitude: 74.3587 };

beforeEach(() => {
  phoneAt(HERE.latitude, HERE.longitude);
  network.use(http.get("/api/geocode/reverse", () => HttpResponse.json({ address: "Mall Road, Lahore" })));
});

type Page = Awaited<ReturnType<typeof loader>>;
const NOWHERE = { lat: null, lng: null, address: null };

/** An officer with no places yet; the server saves the home and opens the warehouse's tab. */
function setupServer() {
  return fakeServer({
    "routes/auth/location-setup": (request) => {
      if (request.method === "POST") return redirect("/location-setup?tab=warehouse");
      const tab = new URL(request.url).searchParams.get("tab") === "warehouse" ? "warehouse" : "home";
      return { user: { home: NOWHERE, warehouse: NOWHERE }, tab } satisfies Omit<Page, "messages">;
    },
  });
}

test.each(FAULTS)(
  "location setup, %s: the chosen place stays and the spec's message shows; an expired session says so and comes back",
  async (fault) => {
    const server = setupServer();
    let app = await renderApp("/location-setup", server);
    await app.user.click(await screen.findByRole("button", { name: "Use Current Location" }));
    await screen.findByText("31.520400, 74.358700");
    server.failNext(fault, "POST /location-setup");
    await app.user.click(screen.getByRole("button", { name: "Save Home Location" }));

    if (fault === "session expired") {
      await expectNotice("Unauthorized", "You are logged out. Logging in again...");
      expect(server.count("POST /location-setup")).toBe(0);
      await waitFor(() => expect(app.address()).toBe(signInFor("/location-setup")));
      app = await signInAgain(app, server, "/location-setup");
    } else {
      if (fault === "no answer in time") {
        expect(screen.getByRole("button", { name: "Saving..." })).toBeDisabled();
        await vi.advanceTimersByTimeAsync(PAST_PATIENCE_MS);
      }
      await expectNotice("Failed to save locations. Please try again.");
      expect(server.count("POST /location-setup")).toBe(fault === "no answer in time" ? 1 : 0);
    }
    await screen.findByRole("heading", { name: "Location Setup" });
    await screen.findByText("31.520400, 74.358700");

    const before = server.count("POST /location-setup");
    await app.user.click(await screen.findByRole("button", { name: "Save Home Location" }));
    await waitFor(() => expect(app.address()).toBe("/location-setup?tab=warehouse"));
    expect(server.count("POST /location-setup")).toBe(before + 1);
    const sent = server.reached.filter((request) => request.method === "POST").at(-1)?.form;
    expect([sent?.get("homeLat"), sent?.get("homeLng")]).toEqual(["31.5204", "74.3587"]);
  },
);
