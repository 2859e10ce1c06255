import { useId } from "react";
import { Form } from "react-router";
import { TeamSelect } from "~/components/team-select";
import { useT } from "~/browser/i18n";
import { audienceParams, type AudienceSwitchView } from "~/models/audience-switch.schema";

/** `path` with the query parameters, or `path` alone when there are none. */
export function hrefWith(path: string, params: Record<string, string>): string {
  const search = new URLSearchParams(params).toString();
  return search ? `${path}?${search}` : path;
}

/**
 * The feed's and the leaderboard's one-tap switch: "My Team" / "Company" as plain links (they work
 * with JavaScript off), and for whoever sees several teams a small GET form to pick one. Someone
 * in no team sees the company, and a line that says why.
 * `keep`: the page's other parameters (the feed's period), carried by the links and the form.
 */
export function ScopeSwitch({
  view,
  path,
  keep = {},
  label,
}: {
  view: AudienceSwitchView;
  path: string;
  keep?: Record<string, string>;
  label: string;
}) {
  const id = useId();
  const t = useT();
  if (!view.shown) return null;
  if (view.teamless)
    return (
      <p className="text-sm text-gray-11" data-testid="scope-switch">
        {t("common:scope.teamless")}
      </p>
    );
  const choices = [
    { name: t("common:scope.myTeam"), scope: "team" as const, params: keep },
    {
      name: t("common:scope.company"),
      scope: "company" as const,
      params: { ...keep, ...audienceParams({ scope: "company", team: null }) },
    },
  ];
  return (
    <div className="flex flex-wrap items-center justify-between gap-2" data-testid="scope-switch">
      {view.links ? (
        <nav aria-label={label} className="flex gap-1 rounded-full bg-gray-3 p-1 text-sm">
          {choices.map((choice) => {
            const active = view.team === null && view.scope === choice.scope;
            return (
              <a
                key={choice.scope}
                href={hrefWith(path, choice.params)}
                aria-current={active ? "page" : undefined}
                className={`tap rounded-full px-4 font-medium ${active ? "bg-accent-9 text-white" : "text-gray-11"}`}
              >
                {choice.name}
              </a>
            );
          })}
        </nav>
      ) : null}
      {view.teams.length > 0 ? (
        <Form method="get" action={path} className="flex items-center gap-2 text-sm">
          {Object.entries(keep).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <TeamSelect id={id} teams={view.teams} team={view.team} compact />
          <button type="submit" className="btn-secondary px-3 text-sm">
            {t("common:scope.show")}
          </button>
        </Form>
      ) : null}
    </div>
  );
}
