import type { RequestHandler } from "express";

/**
 * One line per request: method, path, status and time. The query string is left out:
 * it can carry secrets such as password-reset tokens.
 */
export const requestLog: RequestHandler = (req, res, next) => {
  const started = process.hrtime.bigint();
  res.on("finish", () => {
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    console.info(`${req.method} ${req.path} ${res.statusCode} ${ms.toFixed(1)}ms`);
  });
  next();
};
