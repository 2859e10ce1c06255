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
