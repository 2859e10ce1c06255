import { apiError } from "~/http/api.server";

const notFound = () => apiError(404, "Not found");
export const loader = notFound;
export const action = notFound;
