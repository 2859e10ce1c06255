import { readRows } from "~/db.server";
import { Prisma } from "~/generated/prisma/client";
import { PLOT_MAP_LIMIT, type PlotPin } from "~/models/plot-map.schema";
import { sqlRows } from "~/models/rows.server";
import { type Audience, audienceSql } from "~/models/team-scope.server";

// The dealer map's "Demo plots" layer (decision 97). A plot is read by the people of its officer's
// team, that team's managers and admins: the map's audience (the viewer's own people, or one of
// their teams) picks the plots by their officer, as it picks the routes.

/** The newest plots of the audience's officers, at most PLOT_MAP_LIMIT. */
export function plotsOnMap(audience: Audience): PlotPin[] {
  return readRows(
    sqlRows.plotPin,
    Prisma.sql`
    SELECT d.id, d.stage, d.crop, d.product, f.name AS farmerName, d.lat, d.lng
    FROM DemoPlot d JOIN Farmer f ON f.id = d.farmerId JOIN User u ON u.id = d.officerId
    WHERE 1 ${audienceSql(audience, Prisma.sql`u`)}
    ORDER BY d.id DESC LIMIT ${PLOT_MAP_LIMIT}`,
  );
}
