import { useT } from "~/browser/i18n";
import type { TeamView } from "~/models/team.schema";

/**
 * A team select, for a GET form's filter (the map, location quality, reports, the feed's switch):
 * "All teams" (the viewer's own people) or one team; or, with `choose`, a choice the form needs
 * (approving an account, an invite link), its first option the prompt. `compact` hides the label
 * from sight (screen readers keep it) for a select inline beside its button. `empty`: the words of
 * the filter's empty choice ("No team" where the form may leave the team out).
 */
export function TeamSelect({
  id,
  teams,
  team = null,
  name = "team",
  choose,
  empty,
  compact = false,
  required = choose !== undefined,
  className,
}: {
  id: string;
  teams: TeamView[];
  team?: number | null;
  name?: string;
  choose?: string;
  empty?: string;
  compact?: boolean;
  /** A choice the browser insists on before sending (by default, a `choose` select's). */
  required?: boolean;
  className?: string;
}) {
  const t = useT();
  const select = (
    <select
      key={team ?? ""}
      id={id}
      name={name}
      required={required}
      defaultValue={team ?? ""}
      className={compact ? "field-input w-auto text-sm" : "field-input"}
    >
      {choose === undefined ? (
        <option value="">{empty ?? t("common:teamSelect.allTeams")}</option>
      ) : (
        <option value="" disabled>
          {choose}
        </option>
      )}
      {teams.map((option) => (
        <option key={option.id} value={option.id}>
          {option.name}
        </option>
      ))}
    </select>
  );
  const label = (
    <label htmlFor={id} className={compact ? "sr-only" : "field-label"}>
      {t("common:teamSelect.label")}
    </label>
  );
  if (className === undefined)
    return (
      <>
        {label}
        {select}
      </>
    );
  return (
    <div className={className}>
      {label}
      {select}
    </div>
  );
}
