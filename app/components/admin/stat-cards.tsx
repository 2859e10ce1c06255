import { formatAmount } from "~/lib/money";
import type { AdminDashboard } from "~/models/admin.schema";
import { Icon, type IconName } from "~/components/icon";

type Stats = AdminDashboard["stats"];

const CARDS: Array<{ key: keyof Stats; label: string; icon: IconName; money?: boolean }> = [
  { key: "officers", label: "Field officers", icon: "users" },
  { key: "activeToday", label: "Active today", icon: "activity" },
  { key: "postsThisWeek", label: "Posts this week", icon: "file-text" },
  { key: "dealers", label: "Dealers", icon: "store" },
  { key: "salesThisMonth", label: "Sales this month", icon: "banknote", money: true },
  { key: "recoveryThisMonth", label: "Recovery this month", icon: "hand-coins", money: true },
];

/** The dashboard's figures: counts two across on a phone, the money amounts a row each. */
export function StatCards({ stats, currency }: { stats: Stats; currency: string }) {
  return (
    <dl className="grid grid-cols-2 gap-2 sm:grid-cols-3" aria-label="Team figures">
      {CARDS.map(({ key, label, icon, money }) => (
        <div
          key={key}
          className={`card flex flex-col gap-1 p-3 ${money ? "col-span-2 sm:col-span-1" : ""}`}
          data-testid={`stat-${key}`}
        >
          <dt className="flex items-center gap-1.5 text-xs text-gray-11">
            <Icon name={icon} size={14} />
            {label}
          </dt>
          <dd className="text-base font-bold tabular-nums [overflow-wrap:anywhere] sm:text-lg">
            {money ? formatAmount(String(stats[key]), currency) : stats[key]}
          </dd>
        </div>
      ))}
    </dl>
  );
}
