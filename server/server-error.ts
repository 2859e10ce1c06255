import type { ErrorRequestHandler } from "express";
import { log } from "../app/infra/log.server.ts";
import { CATALOGS } from "../app/locales/catalogs.server.ts";
import { plainPage } from "./plain-page.ts";

/** A word of the shell's catalog, in English as the other plain pages are. */
const word = (key: string): string => CATALOGS.en.common[key] ?? key;

/**
 * A request that failed before or outside a page's error boundary: its error goes to the log (with
 * the request's id), and the person gets a short page with the id to quote.
 */
export const serverError: ErrorRequestHandler = (error: unknown, _req, res, next) => {
  log.error({ err: error }, "request failed");
  if (res.headersSent) return next(error);
  const requestId = String(res.locals.requestId ?? "");
  res
    .status(500)
    .type("html")
    .send(
      plainPage({
        title: word("common:error.unexpectedHeading"),
        heading: word("common:error.unexpectedHeading"),
        message: word("common:error.unexpectedMessage"),
        link: { href: "/", text: word("common:error.goToFeed") },
        footnote: `${word("common:error.requestId")}: ${requestId}`,
      }),
    );
};
