import type { Crop } from "~/lib/crops";
import type { PlotStage } from "~/lib/plot-stages";
import type { SaleProduct } from "~/lib/post-types";

// The demo plots on the dealer map (models/plot-map.server.ts): their stages, labels and colours,
// shared by the map's list and its markers.

/** Each stage's marker and legend colour: light to dark green as the season goes on, amber once harvested. */
export const PLOT_STAGE_COLORS: Record<PlotStage, string> = {
  SOWN: "#65a30d",
  MID_SEASON: "#15803d",
  HARVESTED: "#b45309",
};

/** The map shows at most this many plots, the newest first. */
export const PLOT_MAP_LIMIT = 2_000;

/** A demo plot on the map. */
export type PlotPin = {
  id: number;
  stage: PlotStage;
  crop: Crop;
  product: SaleProduct;
  /** "Erased farmer" once the farmer is erased. */
  farmerName: string;
  lat: number;
  lng: number;
};
