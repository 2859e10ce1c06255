import { formatAmount } from "~/lib/money";
import type { AdminDashboard } from "~/models/admin.schema";
import { Icon, type IconName } from "~/components/icon";
import { useT } from "~/browser/i18n";
import type { MessageKey } from "~/locales/namespaces";

type Stats = AdminDashboard["stats"];

const CARDS: Array<{ key: keyof Stats; label: MessageKey; icon: IconName; money?: boolean }> = [
  { key: "officers", label: "admin:stats.officers", icon: "users" },
  { key: "activeToday", label: "admin:stats.activeToday", icon: "activity" },
  { key: "postsThisWeek", label: "admin:stats.postsThisWeek", icon: "file-text" },
  { key: "dealers", label: "admin:stats.dealers", icon: "store" },
  { key: "salesThisMonth", label: "admin:stats.salesThisMonth", icon: "banknote", money: true },
  { key: "recoveryThisMonth", label: "admin:stats.recoveryThisMonth", icon: "hand-coins", money: true },
];

/** The dashboard's figures: counts two across on a phone, the money amounts a row each. */
export function StatCards({ stats, currency }: { stats: Stats; currency: string }) {
  const t = useT();
  return (
    <dl className="grid grid-cols-2 gap-2 sm:grid-cols-3" aria-label={t("admin:stats.label")}>
      {CARDS.map(({ key, label, icon, money }) => (
        <div
          key={key}
          className={`card flex flex-col gap-1 p-3 ${money ? "col-span-2 sm:col-span-1" : ""}`}
          data-testid={`stat-${key}`}
        >
          <dt className="flex items-center gap-1.5 text-xs text-gray-11">
            <Icon name={icon} size={14} />
            {t(label)}
          </dt>
          <dd className="text-base font-bold tabular-nums [overflow-wrap:anywhere] sm:text-lg">
            {money ? formatAmount(String(stats[key]), currency) : stats[key]}
          </dd>
        </div>
      ))}
    </dl>
  );
}
