import type { TeamView } from "~/models/team.schema";

// The switch at the top of the feed and the leaderboard (decision 42): "My Team" / "Company" links
// and, for whoever sees several teams, a team filter. Shared with its component.

/** What the switch shows: the chosen audience, and the teams the filter offers. */
export type AudienceSwitchView = {
  /** False when the company has no teams: the page then looks as it did before teams. */
  shown: boolean;
  /** The "My Team" / "Company" links (not for an admin, whose own people are the company, nor for someone in no team). */
  links: boolean;
  /** The viewer is in no team yet (and leads none): they see the company, and are told why. */
  teamless: boolean;
  scope: "team" | "company";
  /** The one team asked for (`?team=`), or null. */
  team: number | null;
  /** The filter's teams: an admin's every team, a manager's when they see 2 or more; else none (no filter). */
  teams: TeamView[];
};

/** The query parameters that keep the chosen audience on a page's other links (none for the default). */
export function audienceParams(choice: Pick<AudienceSwitchView, "scope" | "team">): Record<string, string> {
  if (choice.team !== null) return { team: String(choice.team) };
  return choice.scope === "company" ? { scope: "company" } : {};
}
