import { Icon } from "~/components/icon";
import { useT } from "~/browser/i18n";

/**
 * Directions to a dealer. A `geo:` link, which Android (the officers' phones) opens in its maps
 * app even without JavaScript; where no app takes `geo:` (a desktop, an iPhone), JavaScript opens
 * Google Maps' directions in the browser instead.
 */
export function DirectionsLink({
  lat,
  lng,
  name,
  className,
}: {
  lat: number;
  lng: number;
  name: string;
  className: string;
}) {
  const t = useT();
  const place = `${lat},${lng}`;
  const web = `https://www.google.com/maps/dir/?api=1&destination=${place}`;
  return (
    <a
      href={`geo:${place}?q=${place}(${encodeURIComponent(name)})`}
      className={className}
      aria-label={t("dealers:directions.to", { name })}
      onClick={(event) => {
        if (/Android/i.test(navigator.userAgent)) return;
        event.preventDefault();
        window.open(web, "_blank", "noopener");
      }}
    >
      <Icon name="navigation" size={16} />
      {t("dealers:directions.label")}
    </a>
  );
}
