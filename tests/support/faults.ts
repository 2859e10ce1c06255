// The network's usual failures that every enhanced action meets (issue 15), shared by the component
// level (tests/components/support/network.ts) and Chromium's representatives (tests/e2e/faults).
import { ANSWER_PATIENCE_MS } from "../../app/lib/failed-request";

export const FAULTS = [
  "aborted",
  "500 with JSON",
  "502 from the edge",
  "no answer in time",
  "session expired",
] as const;
export type Fault = (typeof FAULTS)[number];

/** Longer than the browser's patience for an answer. */
export const PAST_PATIENCE_MS = ANSWER_PATIENCE_MS + 1_000;

/** What a proxy in front of the app answers when the app cannot be reached. */
export const PROXY_PAGE =
  "<!doctype html><html><head><title>502 Bad Gateway</title></head><body><h1>502 Bad Gateway</h1><p>nginx</p></body></html>";
