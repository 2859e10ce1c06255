// Choosing files as the phone's picker does, for the component level.
import { fireEvent } from "@testing-library/react";

/**
 * Chooses `files` in a file input, as the phone's picker does. (user-event's `upload` sets a list
 * happy-dom's FormData does not read, so a form would send an empty file; and it drops the files
 * the input's `accept` does not name, which the app must refuse itself.)
 */
export function choose(input: HTMLInputElement, ...files: File[]): void {
  const chosen = new DataTransfer();
  for (const file of files) chosen.items.add(file);
  input.files = chosen.files;
  fireEvent.change(input);
}
