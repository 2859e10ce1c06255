import { operation } from "~/http/api/operation.server";
import { PLOT_NOT_FOUND, plotAnswer, plotListSchema, plotPageAnswer } from "~/models/demo-plot.schema";
import { getPlot, listPlots } from "~/models/demo-plots.server";

// Demo plots (decision 96): the same model calls as the /plots pages. A plot is started and
// visited by Demo Plot posts (POST /api/posts); here it is read, by the people of its officer's
// team, the managers who lead it and admins: another team's plot answers 403.

export const plotOperations = [
  operation({
    method: "get",
    path: "/api/plots",
    summary:
      "The demo plots the caller reads (their team's, those of the teams they lead; an admin's: all), newest sowing first, 20 a page; by stage, officer or farmer",
    tag: "Demo plots",
    access: "app.use",
    query: plotListSchema,
    queryExample: { stage: "SOWN", page: "1" },
    answer: { status: 200, description: "One page of plots", schema: plotPageAnswer },
    handler: async ({ user, query }) => Response.json(await listPlots(user, query)),
  }),
  operation({
    method: "get",
    path: "/api/plots/{id}",
    summary: 'One demo plot with its visits (an erased farmer named "Erased farmer")',
    tag: "Demo plots",
    access: "plot.read",
    pathParams: { id: { description: "The plot's id", example: 1, notFound: PLOT_NOT_FOUND } },
    answer: { status: 200, description: "The plot", schema: plotAnswer },
    errors: [404],
    handler: async ({ user, params }) => Response.json(await getPlot(user, params.id)),
  }),
];
