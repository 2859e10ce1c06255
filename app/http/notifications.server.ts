import { said } from "~/http/language.server";
import { formatCalendarDate } from "~/lib/date-format";
import type { Language } from "~/lib/languages";
import { listNotifications, storedValues } from "~/models/notification.server";

/**
 * The user's newest notifications as they read them: their stored keys said in `language`, the
 * request's (decision 103: the page in the reader's, /api in English); a row written before keys
 * shows its words as they are.
 */
export async function notificationsToRead(userId: number, language: Language) {
  const notifications = await listNotifications(userId);
  return notifications.map(({ messageValues, ...notification }) => {
    const values = storedValues(messageValues);
    // A calendar day travels as yyyy-MM-dd and is written as the reader writes dates.
    if (typeof values?.day === "string") values.day = formatCalendarDate(values.day, language);
    return { ...notification, title: said(notification.title, values), message: said(notification.message, values) };
  });
}
