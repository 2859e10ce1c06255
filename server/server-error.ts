import type { ErrorRequestHandler } from "express";
import { log } from "../app/infra/log.server.ts";
import { plainLanguage, plainPage, plainWord } from "./plain-page.ts";

/**
 * A request that failed before or outside a page's error boundary: its error goes to the log (with
 * the request's id), and the person gets a short page with the id to quote.
 */
export const serverError: ErrorRequestHandler = (error: unknown, req, res, next) => {
  log.error({ err: error }, "request failed");
  if (res.headersSent) return next(error);
  const requestId = String(res.locals.requestId ?? "");
  const language = plainLanguage(req);
  const word = (key: string) => plainWord(language, key);
  res
    .status(500)
    .type("html")
    .send(
      plainPage({
        language,
        title: word("common:error.unexpectedHeading"),
        heading: word("common:error.unexpectedHeading"),
        message: word("common:error.unexpectedMessage"),
        link: { href: "/", text: word("common:error.goToFeed") },
        footnote: `${word("common:error.requestId")}: ${requestId}`,
      }),
    );
};
