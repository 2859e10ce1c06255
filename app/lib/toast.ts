import { z } from "zod";

/** A notice shown once on the next page: with JavaScript in place, without it as a banner. */
export const toastSchema = z.object({
  title: z.string(),
  description: z.string().optional(),
  type: z.enum(["success", "error", "info"]).default("success"),
  /**
   * The values of a title or description that is a catalog's key (decision 103): the notice is
   * said in the reader's language where it shows; a value that is itself a key is said too.
   */
  values: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
export type Toast = z.infer<typeof toastSchema>;
export type ToastInput = z.input<typeof toastSchema>;
