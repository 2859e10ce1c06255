// The crops a farmer's land is mainly under, as the farmer register offers them (decision 94).

export const CROPS = [
  "wheat",
  "cotton",
  "rice",
  "sugarcane",
  "maize",
  "vegetables",
  "orchards",
  "fodder",
  "other",
] as const;
export type Crop = (typeof CROPS)[number];

export const CROP_LABELS: Record<Crop, string> = {
  wheat: "Wheat",
  cotton: "Cotton",
  rice: "Rice",
  sugarcane: "Sugarcane",
  maize: "Maize",
  vegetables: "Vegetables",
  orchards: "Orchards",
  fodder: "Fodder",
  other: "Other",
};
