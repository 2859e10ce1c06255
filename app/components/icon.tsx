import { memo, type SVGProps } from "react";
import type { IconName } from "~/lib/icon-names";
import sprite from "./icons.svg?url";

export type { IconName };

type IconProps = Omit<SVGProps<SVGSVGElement>, "name"> & { name: IconName; size?: number };

/**
 * A lucide icon drawn from the app's one sprite (a long-cached file, the same with JavaScript off and
 * offline): two elements in the page and no code per icon. Stroke and fill are set here, as lucide
 * sets them, so the sprite's shapes inherit them and `fill` can still fill one (a liked heart).
 * Decorative (hidden from assistive technology) unless given a name. Memoized: a control that
 * renders again (a like, the page's hydration switch) leaves its unchanged icon as it is.
 */
export const Icon = memo(function Icon({ name, size = 24, strokeWidth = 2, ...rest }: IconProps) {
  return (
    <svg
      width={size}
      height={size}
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden={rest["aria-label"] ? undefined : true}
      {...rest}
    >
      <use href={`${sprite}#${name}`} />
    </svg>
  );
});
