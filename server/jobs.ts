// The background jobs: what the server process does besides answering requests (decision 77).
// Each job runs once at start, then on its interval, in the process that serves the app (the
// bundle, so the jobs share its database client). Both write to the database, and under LiteFS only
// the primary can write: each run first asks LiteFS whether this machine is the primary, so a
// replica runs nothing, and runs its jobs from the moment it becomes the primary. The timers never
// keep the process alive: a stopped server drops a run midway, and the next start does it again
// (a delivery not marked sent is sent again; the sweeps notify each officer-day and each target
// notice once).
import { env } from "~/env.server";
import { readLiteFsNode } from "~/infra/litefs.server";
import { sweepMissedVisits } from "~/models/missed-visits.server";
import { sweepTargetNotices } from "~/models/target-notices.server";
import { sendDueDeliveries } from "~/models/webhook-delivery.server";
import { log } from "~/infra/log.server";

type Job = { name: string; everyMs: number; run: () => Promise<void> };

const JOBS: readonly Job[] = [
  {
    // Webhook deliveries go out from their outbox (decision 50), never inside a request.
    name: "webhook deliveries",
    everyMs: env.WEBHOOK_POLL_MS,
    run: sendDueDeliveries,
  },
  {
    // Missed planned visits are notified once an officer's day has ended (decision 44).
    name: "missed-visit sweep",
    everyMs: 10 * 60 * 1000,
    run: async () => {
      const result = await sweepMissedVisits();
      if (result.officers > 0) log.info({ job: "missed-visit sweep", ...result }, "missed visits notified");
    },
  },
  {
    // An officer who falls behind a target's pace without posting hears it once (decision 85).
    name: "target pace sweep",
    everyMs: 60 * 60 * 1000,
    run: async () => {
      const sent = await sweepTargetNotices();
      if (sent > 0) log.info({ job: "target pace sweep", notifications: sent }, "target pace notified");
    },
  },
];

/** Whether this machine may write: always without LiteFS; under LiteFS, when it is the primary. */
async function isPrimary(): Promise<boolean> {
  return !env.LITEFS_DIR || (await readLiteFsNode(env.LITEFS_DIR)).role === "primary";
}

/** One run of a job, on the primary only. A failure is logged; the next run tries again. */
async function runOnPrimary(job: Job): Promise<void> {
  try {
    if (await isPrimary()) await job.run();
  } catch (error) {
    log.error({ err: error, job: job.name }, "a job failed");
  }
}

/** One run of every job, as the timers start them (tests call it). */
export async function runJobsOnce(): Promise<void> {
  await Promise.all(JOBS.map(runOnPrimary));
}

const processState = globalThis as { fieldlineJobsStarted?: boolean };

/** Starts every job, once per process (the development server loads this module again on changes). */
export function startJobs(): void {
  if (processState.fieldlineJobsStarted) return;
  processState.fieldlineJobsStarted = true;
  for (const job of JOBS) {
    void runOnPrimary(job);
    setInterval(() => void runOnPrimary(job), job.everyMs).unref();
  }
}
