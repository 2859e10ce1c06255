import { prisma } from "./db";

// Demo plots written straight to a test's database: a Demo Plot post that starts the plot, and the
// plot as the posts' part of the app would keep it.

let farmers = 0;

/** A farmer of `teamId` (a unique phone each). */
export async function farmerOf(teamId: number | null, name = "Rashid Ali") {
  farmers += 1;
  return prisma.farmer.create({
    data: {
      name,
      phone: `9230${String(farmers).padStart(8, "0")}`,
      village: "Chak 12",
      tehsil: "Okara",
      district: "Okara",
      landHundredths: 500,
      teamId,
    },
    select: { id: true },
  });
}

type PlotFields = {
  officerId: number;
  farmerId: number;
  midVisitDueOn: string;
  harvestDueOn: string;
  stage?: "SOWN" | "MID_SEASON" | "HARVESTED";
  crop?: string;
  product?: string;
  lat?: number;
  lng?: number;
};

/** A plot started by a Demo Plot post of its officer, sown 60 days before it is due at mid-season. */
export async function demoPlot(fields: PlotFields) {
  const post = await prisma.post.create({
    data: { userId: fields.officerId, type: "DEMO_PLOT" },
    select: { id: true },
  });
  return prisma.demoPlot.create({
    data: {
      postId: post.id,
      officerId: fields.officerId,
      farmerId: fields.farmerId,
      crop: fields.crop ?? "wheat",
      product: fields.product ?? "SSP",
      areaHundredths: 100,
      controlAreaHundredths: 100,
      lat: fields.lat ?? 30.81,
      lng: fields.lng ?? 73.45,
      sownOn: "2026-01-01",
      midVisitDueOn: fields.midVisitDueOn,
      harvestDueOn: fields.harvestDueOn,
      stage: fields.stage ?? "SOWN",
    },
    select: { id: true },
  });
}
