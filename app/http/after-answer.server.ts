import type { RouterContextProvider } from "react-router";
import { afterResponseContext } from "~/http/context";
import { log } from "~/infra/log.server";

/**
 * Runs `task` once the answer has been sent, so its time is no part of the answer's: for work
 * whose duration would tell an outsider something (whether an email has an account). The
 * database is synchronous, so work started any earlier could hold the answer back. A failure is
 * logged; nobody is waiting for it.
 */
export function afterAnswer(
  context: Readonly<RouterContextProvider>,
  label: string,
  task: () => Promise<unknown>,
): void {
  context.get(afterResponseContext)(() => {
    task().catch((error: unknown) => log.error({ err: error, task: label }, "a task after the answer failed"));
  });
}
