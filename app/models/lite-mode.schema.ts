import { LITE_CHOICES } from "~/lib/lite-mode";
import { z } from "~/lib/zod";
import type { MessageKey } from "~/locales/namespaces";

// Lite mode's switch (decision 51): the profile's, the sign-in page's and every Lite page's form
// post `lite` (on or off) to /lite-mode, which remembers it on the device.

export const LITE_CHOICE_INVALID: MessageKey = "common:liteMode.invalid";

export const liteModeSchema = z.object({
  lite: z.enum(LITE_CHOICES, { error: LITE_CHOICE_INVALID }),
});
