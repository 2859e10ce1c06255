// Missed planned visits are notified when an officer's day has ended (decision 44): a sweep on
// start and every few minutes. The sweep itself notifies each officer-day once, however many
// runs or processes reach it; under LiteFS only the primary runs it (a replica cannot write).
import { env } from "~/env.server";
import { readLiteFsNode } from "~/infra/litefs.server";
import { sweepMissedVisits } from "~/models/missed-visits.server";

const SWEEP_EVERY_MS = 10 * 60 * 1000;

async function sweep(): Promise<void> {
  try {
    if (env.LITEFS_DIR && (await readLiteFsNode(env.LITEFS_DIR)).role !== "primary") return;
    const result = await sweepMissedVisits();
    if (result.officers > 0)
      console.log(`Missed visits: ${result.officers} officer-days, ${result.notifications} notifications.`);
  } catch (error) {
    console.error("The missed-visit sweep failed:", error);
  }
}

const started = globalThis as { fieldlineMissedVisitSweeps?: boolean };

/** Starts the sweeps once per process (the development server loads this module again on changes). */
export function startMissedVisitSweeps(): void {
  if (started.fieldlineMissedVisitSweeps) return;
  started.fieldlineMissedVisitSweeps = true;
  void sweep();
  setInterval(() => void sweep(), SWEEP_EVERY_MS).unref();
}
