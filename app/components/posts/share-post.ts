/**
 * Shares a post with the phone's share sheet, or copies its text where there is none. Answers
 * the notice to show, or null when the sheet did the work (or the user closed it).
 */
export async function sharePost({
  title,
  text,
  url,
  notices,
}: {
  title: string;
  text: string;
  url: string;
  /** The notices in the reader's language: the text copied, or not. */
  notices: { copied: string; notCopied: string };
}): Promise<string | null> {
  if (typeof navigator.share === "function") {
    try {
      await navigator.share({ title, text, url });
      return null;
    } catch (error) {
      if (error instanceof DOMException && error.name === "AbortError") return null;
    }
  }
  try {
    await navigator.clipboard.writeText(text);
    return notices.copied;
  } catch {
    return notices.notCopied;
  }
}
