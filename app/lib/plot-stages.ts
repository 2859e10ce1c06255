// A demo plot's stages (decision 96) and the visits that move it on, with their labels: one list
// for the posts that record them, the plot's pages, the map's layer and the visits that fall due.

export const PLOT_STAGES = ["SOWN", "MID_SEASON", "HARVESTED"] as const;
export type PlotStage = (typeof PLOT_STAGES)[number];

/** The visits a plot waits for: the mid-season visit of a SOWN plot, the harvest of one not harvested. */
export const VISIT_STAGES = ["MID_SEASON", "HARVEST"] as const;
export type VisitStage = (typeof VISIT_STAGES)[number];
