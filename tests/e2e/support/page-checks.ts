// The checks a page on screen must pass at 360 px, one function a check, each returning one line per
// failure that names the page (its label), what fails and by how much; no failure, no lines. The
// accessibility walk (tests/e2e/accessibility.js.spec.ts) runs all three on each page it visits with
// JavaScript on; tests/e2e/tap-targets.nojs.spec.ts runs the two tap-target checks with JavaScript off.
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

/**
 * axe-core's violations on the page now on screen, one line per failing element: its rules (WCAG A
 * and AA, text at 4.5:1 contrast among them) and WCAG 2.2's target size (24 × 24 px, or spaced so a
 * 24 px circle round each target touches no other), which axe leaves off unless asked.
 */
export async function axeViolations(page: Page, label: string): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    // Only the violations are read: axe keeps one node each of the rules passed or not applicable.
    .options({ resultTypes: ["violations"], rules: { "target-size": { enabled: true } } })
    // axe.run in the page itself. The default (runPartial in each frame, then finishRun) opens and
    // closes a blank page for every call; it is only needed for pages in frames of another origin,
    // and the app has no frames.
    .setLegacyMode()
    .analyze();
  return results.violations.flatMap((violation) =>
    violation.nodes.map((node) => {
      // A contrast failure names its colours and ratio, so the token to change is plain.
      const colours = node.any[0]?.data as { fgColor?: string; bgColor?: string; contrastRatio?: number } | null;
      const measured = colours?.contrastRatio
        ? ` ${colours.fgColor} on ${colours.bgColor} ${colours.contrastRatio}:1`
        : "";
      return `${label}: ${violation.id} ${node.target.join(" ")}${measured} (${violation.help})`;
    }),
  );
}

/**
 * Officers tap with a thumb, often with one hand: every control is at least 44 × 44 CSS px (issue 20).
 * Links inside a sentence are the one exception (WCAG 2.5.5): the sentence around them is what a
 * finger aims at.
 */
export async function controlsUnder44(page: Page, label: string): Promise<string[]> {
  return report(label, await smallControls(page, 44, false), "under 44 px square");
}

/**
 * WCAG 2.2's floor (2.5.8, 24 × 24 CSS px) for every control, a link in a sentence included: a thumb
 * outdoors aims at the link, not the sentence.
 */
export async function controlsUnder24(page: Page, label: string): Promise<string[]> {
  return report(label, await smallControls(page, 24, true), "under the 24 px floor");
}

type Small = { control: string; width: number; height: number };

function report(label: string, found: Small[], rule: string): string[] {
  return found.map((small) => `${label}: ${small.control} ${small.width}×${small.height} (${rule})`);
}

/** Every visible control of the page now on screen that is smaller than min×min (links in a sentence too, when asked). */
async function smallControls(page: Page, min: number, inSentenceToo: boolean): Promise<Small[]> {
  return page.evaluate(
    ({ min, inSentenceToo }) => {
      const selector = [
        "a[href]",
        "button",
        "input:not([type=hidden])",
        "select",
        "textarea",
        "summary",
        "[role=button]",
        "[role=tab]",
        "[role=menuitem]",
        ".leaflet-marker-icon.leaflet-interactive",
      ].join(",");
      // Inline, or inline-flex to hold the 24 px floor within the line.
      const inSentence = (el: Element) =>
        getComputedStyle(el).display.startsWith("inline") &&
        Array.from(el.parentElement?.childNodes ?? []).some(
          (node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim(),
        );
      const small: { control: string; width: number; height: number }[] = [];
      for (const el of Array.from(document.querySelectorAll(selector))) {
        const style = getComputedStyle(el);
        if (style.visibility === "hidden" || style.display === "none") continue;
        // Checkboxes, radios and file inputs are tapped through their label.
        const boxes = [el, ...Array.from((el as HTMLInputElement).labels ?? [])].map((node) =>
          node.getBoundingClientRect(),
        );
        const width = Math.max(...boxes.map((box) => box.width));
        const height = Math.max(...boxes.map((box) => box.height));
        if (width <= 1 || height <= 1) continue; // not rendered, or visually hidden for screen readers
        if (!inSentenceToo && el.tagName === "A" && inSentence(el)) continue;
        if (width + 0.5 >= min && height + 0.5 >= min) continue;
        const name = (el.getAttribute("aria-label") ?? el.textContent ?? (el as HTMLInputElement).name ?? "")
          .trim()
          .replace(/\s+/g, " ")
          .slice(0, 40);
        const id = el.id ? `#${el.id}` : "";
        small.push({
          control: `${el.tagName.toLowerCase()}${id} "${name}"`,
          width: Math.round(width),
          height: Math.round(height),
        });
      }
      return small;
    },
    { min, inSentenceToo },
  );
}
