// `npm run performance` recalculates every officer's performance score, rank and badge
// (app/lib/performance.ts) and notifies what changed: the command for a scheduler, e.g. the crontab line
//   0 6 * * * cd /app && DATABASE_URL=file:/data/fieldline.db npm run performance
// Uses DATABASE_URL like the app (default file:./data/fieldline.db). Exits 1 when it fails.
import { applyPragmas, prisma } from "~/db.server";
import { calculatePerformance } from "~/models/performance.server";

try {
  await applyPragmas();
  const result = await calculatePerformance();
  console.log(
    `Performance scores have been recalculated and badges assigned: ${result.ranked} of ${result.officers} officers ranked, ` +
      `${result.notifications} notifications, ${result.durationMs} ms (${result.calculatedAt.toISOString()}).`,
  );
} catch (error) {
  console.error("Failed to calculate performance scores:", error);
  process.exitCode = 1;
} finally {
  await prisma.$disconnect();
}
