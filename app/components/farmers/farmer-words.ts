import type { Crop } from "~/lib/crops";
import type { PlotStage, VisitStage } from "~/lib/plot-stages";
import type { MessageKey } from "~/locales/namespaces";

// The farmers' and plots' words in the reader's language (decision 101): lib/crops and
// lib/plot-stages hold the codes and the English the files and /api use; pages name each by its key.

export const CROP_KEYS: Record<Crop, MessageKey> = {
  wheat: "farmers:crop.wheat",
  cotton: "farmers:crop.cotton",
  rice: "farmers:crop.rice",
  sugarcane: "farmers:crop.sugarcane",
  maize: "farmers:crop.maize",
  vegetables: "farmers:crop.vegetables",
  orchards: "farmers:crop.orchards",
  fodder: "farmers:crop.fodder",
  other: "farmers:crop.other",
};

export const PLOT_STAGE_KEYS: Record<PlotStage, MessageKey> = {
  SOWN: "farmers:stage.SOWN",
  MID_SEASON: "farmers:stage.MID_SEASON",
  HARVESTED: "farmers:stage.HARVESTED",
};

export const VISIT_STAGE_KEYS: Record<VisitStage, MessageKey> = {
  MID_SEASON: "farmers:visit.MID_SEASON",
  HARVEST: "farmers:visit.HARVEST",
};
