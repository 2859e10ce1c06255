import { Activity, Banknote, FileText, HandCoins, Store, Users, type LucideIcon } from "lucide-react";
import { formatAmount } from "~/lib/money";
import type { AdminDashboard } from "~/models/admin.schema";

type Stats = AdminDashboard["stats"];

const CARDS: Array<{ key: keyof Stats; label: string; icon: LucideIcon; money?: boolean }> = [
  { key: "officers", label: "Field officers", icon: Users },
  { key: "activeToday", label: "Active today", icon: Activity },
  { key: "postsThisWeek", label: "Posts this week", icon: FileText },
  { key: "dealers", label: "Dealers", icon: Store },
  { key: "salesThisMonth", label: "Sales this month", icon: Banknote, money: true },
  { key: "recoveryThisMonth", label: "Recovery this month", icon: HandCoins, money: true },
];

/** The dashboard's figures: counts two across on a phone, the money amounts a row each. */
export function StatCards({ stats, currency }: { stats: Stats; currency: string }) {
  return (
    <dl className="grid grid-cols-2 gap-2 sm:grid-cols-3" aria-label="Team figures">
      {CARDS.map(({ key, label, icon: Icon, money }) => (
        <div
          key={key}
          className={`card flex flex-col gap-1 p-3 ${money ? "col-span-2 sm:col-span-1" : ""}`}
          data-testid={`stat-${key}`}
        >
          <dt className="flex items-center gap-1.5 text-xs text-gray-11">
            <Icon size={14} aria-hidden />
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
