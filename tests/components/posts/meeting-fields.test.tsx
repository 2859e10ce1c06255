import { screen, waitFor, within } from "@testing-library/react";
import { http, HttpResponse } from "msw/http";
import { redirect } from "react-router";
import { beforeAll, beforeEach, expect, test } from "vitest";
import { fakeServer, renderApp } from "../support/app";
import { network } from "../support/network";
import { phoneAt } from "../support/phone";
import { feedPage, newPostPage } from "./support";

// A Farmer Meeting's people on New Post with JavaScript (decision 95): farmers found by the
// register's search and picked travel as attendees[n].farmerId; "Add another farmer" adds a row.
// Without JavaScript: tests/e2e/posts/farmer-meeting.nojs.spec.ts.

beforeAll(async () => {
  await import("~/routes/posts/new-post");
}, 60_000);

// The phone's fix (happy-dom has no geolocation).
beforeEach(() => phoneAt(31.5204, 74.3587));

test("a farmer found by the search is picked into the meeting and posted by id; Add another farmer adds a row", async () => {
  const server = fakeServer({
    "routes/feed/home": () => feedPage([]),
    "routes/posts/new-post": (request) => (request.method === "POST" ? redirect("/") : newPostPage()),
  });
  const searched: string[] = [];
  network.use(
    http.get("/api/geocode/reverse", () =>
      HttpResponse.json({ address: "Fake Street 12, Lahore", fromProvider: true }),
    ),
    http.get("/api/farmers", ({ request }) => {
      const query = new URL(request.url).searchParams.get("query") ?? "";
      searched.push(query);
      return HttpResponse.json({
        farmers: [{ id: 12, name: "Ghulam Rasool", village: "Chak 45", phone: "+923001234567" }],
        page: 1,
        hasMore: false,
      });
    }),
  );
  const app = await renderApp("/new-post", server);
  await app.user.selectOptions(await screen.findByLabelText(/^Post type/), "FARMER_MEETING");
  await app.user.type(screen.getByLabelText("Head count"), "20");
  expect(screen.queryByLabelText("Name of new farmer 2")).toBeNull();
  await app.user.click(screen.getByRole("button", { name: "Add another farmer" }));
  expect(screen.getByLabelText("Name of new farmer 2")).toBeInTheDocument();

  await app.user.type(screen.getByLabelText("Find a farmer you work with"), "Ras");
  await app.user.click(await screen.findByRole("button", { name: "Add Ghulam Rasool, Chak 45" }));
  const picked = screen.getByRole("list", { name: "Farmers picked" });
  expect(within(picked).getByText("Ghulam Rasool")).toBeInTheDocument();
  // Picked once: the search no longer offers them.
  expect(screen.queryByRole("button", { name: "Add Ghulam Rasool, Chak 45" })).toBeNull();
  expect(searched).toContain("Ras");

  await app.user.click(screen.getByRole("button", { name: "Post" }));
  await screen.findByRole("heading", { name: "Feed" });
  const sent = server.reached.find((request) => request.method === "POST" && request.path === "/new-post")?.form;
  expect(sent?.get("attendees[100].farmerId")).toBe("12");
  expect(sent?.get("headCount")).toBe("20");
  await waitFor(() => expect(app.address()).toBe("/"));
});
