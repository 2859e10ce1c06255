// The background jobs on the real database, on a simulated LiteFS node: a temporary directory with
// or without LiteFS's `.primary` file. The settings are read when the app's modules load, so they
// are set before importing them: the node's directory, and a receiver on the loopback allowed.
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";

const litefsDir = fs.mkdtempSync(path.join(os.tmpdir(), "fieldline-jobs-litefs-"));
let jobs: typeof import("./jobs");
let db: typeof import("~/db.server");

const received: string[] = [];
const receiver = http.createServer((request, response) => {
  let body = "";
  request.on("data", (chunk: Buffer) => (body += chunk.toString()));
  request.on("end", () => {
    received.push(body);
    response.end("ok");
  });
});

beforeAll(async () => {
  Object.assign(process.env, { LITEFS_DIR: litefsDir, WEBHOOK_PRIVATE_HOSTS: "127.0.0.1" });
  jobs = await import("./jobs");
  db = await import("~/db.server");
  await (await import("../tests/support/db")).resetDatabase();
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
});

afterAll(async () => {
  await new Promise((resolve) => receiver.close(resolve));
  fs.rmSync(litefsDir, { recursive: true, force: true });
});

/** A webhook told of every new dealer, and an officer whose plan for yesterday went unvisited. */
async function workForBothJobs() {
  const { prisma } = db;
  const { appDate } = await import("~/infra/clock.server");
  const { addDays } = await import("~/lib/calendar");
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  await prisma.webhookEndpoint.create({
    data: { url, events: JSON.stringify(["dealer.created"]), secret: "whsec_jobs" },
  });
  const dealer = await prisma.dealer.create({
    data: {
      businessName: "Jobs Traders",
      street: "Main Bazaar",
      city: "Lahore",
      state: "Punjab",
      lat: 31.5,
      lng: 74.3,
    },
  });
  const officer = await prisma.user.create({
    data: { username: "jobs.officer", email: "jobs.officer@example.pk", passwordHash: "x", firstName: "Jobs" },
  });
  await prisma.visitPlan.create({
    data: {
      userId: officer.id,
      day: addDays(appDate(), -1),
      stops: { create: [{ dealerId: dealer.id, position: 1 }] },
    },
  });
}

const pendingDeliveries = () => db.prisma.webhookDelivery.count({ where: { status: "PENDING" } });
const missedVisitNotices = () => db.prisma.missedVisitNotice.count();

it("runs neither job on a LiteFS replica, and both once the machine is the primary", async () => {
  fs.writeFileSync(path.join(litefsDir, ".primary"), "3d8d99e4b3d268\n");
  await workForBothJobs();

  await jobs.runJobsOnce();
  expect(received, "a replica sent a webhook").toEqual([]);
  expect(await pendingDeliveries()).toBe(1);
  expect(await missedVisitNotices(), "a replica swept missed visits").toBe(0);

  // LiteFS made this machine the primary: it removes the .primary file.
  fs.rmSync(path.join(litefsDir, ".primary"));
  await jobs.runJobsOnce();
  expect(received.map((body) => JSON.parse(body) as { event: string })).toMatchObject([{ event: "dealer.created" }]);
  expect(await pendingDeliveries()).toBe(0);
  expect(await missedVisitNotices()).toBe(1);
});
