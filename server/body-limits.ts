import { plainLanguage, plainPage, plainWord } from "./plain-page";
import type { RequestHandler } from "express";
import { BODY_MAX_BYTES, BODY_TOO_LARGE } from "../app/http/request-body.server.ts";
import { sendJsonError } from "./request-log";

/** Bodies with limits of their own, enforced while they stream in: multipart uploads and the signed upload PUT. */
function isUpload(req: Parameters<RequestHandler>[0]): boolean {
  return (
    /^multipart\/form-data/i.test(req.headers["content-type"] ?? "") ||
    (req.method === "PUT" && req.path.startsWith("/api/objects/uploads/"))
  );
}

/**
 * Refuses, before the app sees it, a form or JSON body whose Content-Length is over the limit the
 * app reads within (a chunked body is cut off by the app's reader at the same limit): 413 as JSON
 * under /api and a short page elsewhere, never echoing what was sent. (closeUnreadRequests, in
 * front, reads a small remainder to its end, or lingers after a large one before closing.)
 */
export const bodyLimits: RequestHandler = (req, res, next) => {
  const declared = Number(req.headers["content-length"] ?? 0);
  if (!(declared > BODY_MAX_BYTES) || isUpload(req)) return next();
  res.status(413);
  if (req.path.startsWith("/api/")) {
    sendJsonError(res, BODY_TOO_LARGE);
  } else {
    const language = plainLanguage(req);
    const word = (key: string) => plainWord(language, key);
    res.type("html").send(
      plainPage({
        language,
        title: word("common:plain.tooLargeTitle"),
        heading: word("common:plain.tooLargeHeading"),
        message: word("common:plain.tooLargeMessage"),
        link: { href: "/", text: word("common:error.goToFeed") },
      }),
    );
  }
};
