import type { Route } from "./+types/dispatch";
import { dispatchApi } from "~/http/api/dispatch.server";

/** Every /api call: the declared operations of app/http/api/ (a GET or HEAD comes as a loader). */
export const loader = (args: Route.LoaderArgs) => dispatchApi(args);
export const action = (args: Route.ActionArgs) => dispatchApi(args);
