import { data } from "react-router";
import type { Route } from "./+types/messages";
import { messagesFile } from "~/http/language.server";

/**
 * A namespace's messages in one language, compiled (decision 101): the file a page's browser
 * fetches before it hydrates. Its address names the catalogs' version, so it is kept for a year;
 * an address of another version answers today's messages, kept by no one.
 */
export function loader({ params }: Route.LoaderArgs) {
  const file = messagesFile(params.version, params.language, params.namespace);
  if (!file) throw data("Not Found", { status: 404 });
  return Response.json(file.messages, {
    headers: {
      "Cache-Control": file.current ? "public, max-age=31536000, immutable" : "no-cache",
    },
  });
}
