import { icons } from "lucide-react";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { ICON_NAMES } from "../../app/lib/icon-names";

/** "share-2" -> "Share2", the name of lucide-react's component. */
const componentName = (name: string) => name.replace(/(?:^|-)(\w)/g, (_, letter: string) => letter.toUpperCase());

/**
 * One <symbol> per icon with the shapes lucide-react draws (their stroke and fill come from the
 * <svg> that uses them, app/components/icon.tsx).
 */
export function iconSprite(names: readonly string[] = ICON_NAMES): string {
  const symbols = names.map((name) => {
    const component = icons[componentName(name) as keyof typeof icons];
    if (!component) throw new Error(`lucide-react has no icon named ${name}`);
    const shapes = renderToStaticMarkup(createElement(component))
      .replace(/^<svg[^>]*>/, "")
      .replace(/<\/svg>$/, "")
      .replace(/><\/\w+>/g, "/>");
    return `<symbol id="${name}" viewBox="0 0 24 24">${shapes}</symbol>`;
  });
  return [
    `<svg xmlns="http://www.w3.org/2000/svg">`,
    `<!-- Lucide icons (ISC licence), from lucide-react by scripts/make-icon-sprite.ts: do not edit by hand. -->`,
    ...symbols,
    `</svg>`,
    "",
  ].join("\n");
}
