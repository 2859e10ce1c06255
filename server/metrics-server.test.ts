import type { AddressInfo } from "node:net";
import { afterAll, expect, test, vi } from "vitest";
import { startMetricsServer } from "./metrics-server";

const servers: Array<ReturnType<typeof startMetricsServer>> = [];
afterAll(() => servers.forEach((server) => server.close()));

async function started(token?: string) {
  const server = startMetricsServer({ port: 0, token });
  servers.push(server);
  await new Promise((resolve) => server.once("listening", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

test("with a token, the metrics answer only the scraper that sends it", async () => {
  const url = `${await started("scraper-token-0123456789")}/metrics`;
  const statusWith = async (authorization?: string) =>
    (await fetch(url, { headers: authorization ? { Authorization: authorization } : {} })).status;
  expect(await statusWith()).toBe(401);
  expect(await statusWith("Bearer scraper-token-012345678")).toBe(401);
  expect(await statusWith("scraper-token-0123456789")).toBe(401);
  const answer = await fetch(url, { headers: { Authorization: "Bearer scraper-token-0123456789" } });
  expect(answer.status).toBe(200);
  expect(await answer.text()).toContain("fieldline_http_requests_total");
});

test("a port already taken leaves the server running and says why", async () => {
  const port = Number(new URL(await started()).port);
  const logged = vi.spyOn(console, "error").mockImplementation(() => {});
  const second = startMetricsServer({ port });
  await new Promise((resolve) => second.once("error", resolve));
  expect(logged).toHaveBeenCalledWith(
    expect.stringMatching(new RegExp(`^\\[metrics\\] No metrics on port ${port}: .*EADDRINUSE`)),
  );
  logged.mockRestore();
});
