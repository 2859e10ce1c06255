/**
 * Shares a post with the phone's share sheet, or copies its text where there is none. Answers
 * the notice to show, or null when the sheet did the work (or the user closed it).
 */
export async function sharePost({
  title,
  text,
  url,
}: {
  title: string;
  text: string;
  url: string;
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
    return "Post content copied to clipboard!";
  } catch {
    return "Could not copy the post. Please try again.";
  }
}
