import { describe, expect, it } from "vitest";
import { districtsFromText, territoryTeam, type Territory } from "~/models/team.rules";

const territories: Territory[] = [
  { id: 1, provinces: ["Punjab"], districts: [] },
  { id: 2, provinces: [], districts: ["Multan", "Bahawalpur"] },
  { id: 3, provinces: ["Punjab", "Sindh"], districts: [] },
];

describe("territoryTeam", () => {
  it("a district beats a province, matched without case or extra spaces", () => {
    expect(territoryTeam(territories, { city: "  multan ", state: "Punjab" })).toBe(2);
  });
  it("else the team whose provinces hold the state, the lowest id among several", () => {
    expect(territoryTeam(territories, { city: "Okara", state: "Punjab" })).toBe(1);
    expect(territoryTeam(territories, { city: "Karachi", state: "Sindh" })).toBe(3);
  });
  it("else no team", () => {
    expect(territoryTeam(territories, { city: "Quetta", state: "Balochistan" })).toBeNull();
    expect(territoryTeam([], { city: "Okara", state: "Punjab" })).toBeNull();
  });
});

describe("districtsFromText", () => {
  it("reads one per line (or comma), drops blanks and repeats", () => {
    expect(districtsFromText("Multan\n\n  Bahawalpur , multan\r\nDera  Ghazi Khan")).toEqual([
      "Multan",
      "Bahawalpur",
      "Dera Ghazi Khan",
    ]);
  });
});
