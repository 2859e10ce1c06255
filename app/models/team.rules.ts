// The dealer's territory rule (decision 42), pure so the model, the import and their tests share
// it: the team whose districts include the dealer's city wins; else the team whose provinces
// include its state; among several, the lowest id; else no team.

/** A team's territory as the rule reads it. */
export type Territory = { id: number; provinces: string[]; districts: string[] };

/** A place's name as districts are compared: case, outer and repeated spaces ignored. */
export function placeKey(text: string): string {
  return text.trim().toLowerCase().replace(/\s+/g, " ");
}

/** True when the team covers some place. */
export function hasTerritory(territory: Pick<Territory, "provinces" | "districts">): boolean {
  return territory.provinces.length > 0 || territory.districts.length > 0;
}

/** The team of a dealer at `city`, `state` among `territories`, or null. */
export function territoryTeam(territories: Territory[], place: { city: string; state: string }): number | null {
  const city = placeKey(place.city);
  let byDistrict: number | null = null;
  let byProvince: number | null = null;
  for (const territory of territories) {
    if (territory.districts.some((district) => placeKey(district) === city)) {
      if (byDistrict === null || territory.id < byDistrict) byDistrict = territory.id;
    }
    if (territory.provinces.includes(place.state)) {
      if (byProvince === null || territory.id < byProvince) byProvince = territory.id;
    }
  }
  return byDistrict ?? byProvince;
}

/** Districts typed in a textarea: one per line (commas also part them), blanks dropped, repeats once. */
export function districtsFromText(text: string): string[] {
  const seen = new Set<string>();
  const districts: string[] = [];
  for (const part of text.split(/[\n,]/)) {
    const name = part.trim().replace(/\s+/g, " ");
    if (!name || seen.has(placeKey(name))) continue;
    seen.add(placeKey(name));
    districts.push(name);
  }
  return districts;
}
