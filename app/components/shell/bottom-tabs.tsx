import { Link, useLocation } from "react-router";
import { useT } from "~/browser/i18n";
import { Icon, type IconName } from "~/components/icon";
import type { MessageKey } from "~/locales/namespaces";

const TABS: Array<{ label: MessageKey; to: string; icon: IconName }> = [
  { label: "common:tabs.feed", to: "/", icon: "house" },
  { label: "common:tabs.dealers", to: "/dealers", icon: "store" },
  { label: "common:tabs.map", to: "/dealer-map", icon: "map" },
  { label: "common:tabs.post", to: "/new-post", icon: "square-plus" },
  { label: "common:tabs.rankings", to: "/leaderboard", icon: "trophy" },
  { label: "common:tabs.stats", to: "/profile", icon: "chart-column" },
  { label: "common:tabs.admin", to: "/admin", icon: "shield" },
];

/** "/" is active only on itself; every other tab also on the paths below it. */
const TAB_CLASSES = "flex min-h-14 flex-col items-center justify-start gap-0.5 pt-2 text-[11px]";

export function isTabActive(tabPath: string, pathname: string): boolean {
  if (tabPath === "/") return pathname === "/";
  return pathname === tabPath || pathname.startsWith(`${tabPath}/`);
}

/**
 * The tab bar. Each tab's icon sits at a fixed distance from the top, not centred: the page's HTML
 * arrives in chunks, and a tab whose label had not arrived yet would have its icon move when it did.
 */
export function BottomTabs() {
  const { pathname } = useLocation();
  const t = useT();
  return (
    <nav
      aria-label={t("common:tabs.label")}
      className="fixed inset-x-0 bottom-0 z-30 border-t border-gray-5 bg-white pb-[env(safe-area-inset-bottom)] print:hidden"
    >
      <ul className="mx-auto grid max-w-2xl grid-cols-7">
        {TABS.map(({ label, to, icon }) => {
          const active = isTabActive(to, pathname);
          return (
            <li key={to}>
              <Link
                to={to}
                aria-current={active ? "page" : undefined}
                className={`${TAB_CLASSES} ${active ? "font-semibold text-accent-11" : "text-gray-11"}`}
              >
                <Icon name={icon} size={20} strokeWidth={active ? 2.4 : 1.8} />
                {t(label)}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
