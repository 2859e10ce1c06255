import { useEffect, useRef } from "react";
import { Form, Link, useLocation } from "react-router";
import { useT } from "~/browser/i18n";
import { initials } from "~/lib/names";

type MenuUser = { username: string; firstName: string | null; lastName: string | null; role: string };

/** The initials menu: a <details> element, so it opens without JavaScript too. */
const AVATAR_BUTTON =
  "flex size-11 cursor-pointer items-center justify-center rounded-full bg-accent-9 text-sm font-bold text-white";

export function UserMenu({ user }: { user: MenuUser }) {
  const menu = useRef<HTMLDetailsElement>(null);
  const location = useLocation();
  const t = useT();

  // Close after navigating, and when tapping elsewhere.
  useEffect(() => {
    if (menu.current) menu.current.open = false;
  }, [location]);
  useEffect(() => {
    function closeOutside(event: PointerEvent) {
      if (menu.current?.open && !menu.current.contains(event.target as Node)) menu.current.open = false;
    }
    document.addEventListener("pointerdown", closeOutside);
    return () => document.removeEventListener("pointerdown", closeOutside);
  }, []);

  return (
    <details ref={menu} className="relative">
      <summary
        className={`${AVATAR_BUTTON} list-none [&::-webkit-details-marker]:hidden`}
        aria-label={t("common:menu.label", { initials: initials(user) })}
      >
        {initials(user)}
      </summary>
      <div className="absolute end-0 z-40 mt-2 w-52 overflow-hidden rounded-xl border border-gray-5 bg-white shadow-lg">
        <Link to="/profile?editProfile=true" className="block px-4 py-3 hover:bg-gray-3">
          {t("common:menu.editProfile")}
        </Link>
        <Link to="/profile?updateLocations=true" className="block px-4 py-3 hover:bg-gray-3">
          {t("common:menu.updateLocations")}
        </Link>
        {/* Everyone's figures over any period (an officer's own); the tab bar is the spec's seven tabs. */}
        <Link to="/reports" className="block px-4 py-3 hover:bg-gray-3">
          {t("common:menu.reports")}
        </Link>
        {/* The farmers the viewer's team works with (decision 94). */}
        <Link to="/farmers" className="block px-4 py-3 hover:bg-gray-3">
          {t("common:menu.farmers")}
        </Link>
        {/* The demo plots of the viewer's teams through their season (decision 96). */}
        <Link to="/plots" className="block px-4 py-3 hover:bg-gray-3">
          {t("common:menu.demoPlots")}
        </Link>
        {/* A manager's approvals, invite links and people: /admin is the admin's. */}
        {user.role === "MANAGER" ? (
          <Link to="/team" className="block px-4 py-3 hover:bg-gray-3">
            {t("common:menu.teamAdmin")}
          </Link>
        ) : null}
        {/* Officers' targets: a manager's for the teams they lead, an admin's for everyone (decision 84). */}
        {user.role === "MANAGER" || user.role === "ADMIN" ? (
          <Link to="/targets" className="block px-4 py-3 hover:bg-gray-3">
            {t("common:menu.targets")}
          </Link>
        ) : null}
        <Form method="post" action="/logout" className="border-t border-gray-4">
          <button type="submit" className="block w-full px-4 py-3 text-start text-danger-11 hover:bg-gray-3">
            {t("common:menu.signOut")}
          </button>
        </Form>
      </div>
    </details>
  );
}
