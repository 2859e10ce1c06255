import type { TeamView } from "~/models/team.schema";

/**
 * The team filter of a GET form (the map, location quality, reports): "All teams" (the viewer's
 * own people) or one team. Shown to those who see two teams or more.
 */
export function TeamSelect({
  id,
  teams,
  team,
  className = "",
}: {
  id: string;
  teams: TeamView[];
  team: number | null;
  className?: string;
}) {
  return (
    <div className={className}>
      <label htmlFor={id} className="field-label">
        Team
      </label>
      <select id={id} name="team" defaultValue={team ?? ""} className="field-input">
        <option value="">All teams</option>
        {teams.map((option) => (
          <option key={option.id} value={option.id}>
            {option.name}
          </option>
        ))}
      </select>
    </div>
  );
}
