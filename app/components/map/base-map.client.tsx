import * as leaflet from "leaflet";
import { useEffect } from "react";
import { TileLayer, useMap } from "react-leaflet";
import { useLanguage, usePublicEnv } from "~/browser/root-data";
import { MAP_ARCHIVE_PATH } from "~/lib/public-env";

/**
 * The map's background (decision 107): with MAP_TILES=url, image tiles from TILE_URL; with
 * MAP_TILES=self, the vector archive of Pakistan served by this app, drawn on canvases by
 * protomaps-leaflet in its "light" flavor. protomaps-leaflet (with its pmtiles reader) is loaded
 * only here, when a map is shown. `onFailure` hears of tiles that cannot be had.
 */
export function BaseMap({ onFailure }: { onFailure?: () => void }) {
  const env = usePublicEnv();
  if (env.MAP_TILES === "self") return <SelfHostedTiles attribution={env.TILE_ATTRIBUTION} onFailure={onFailure} />;
  return (
    <TileLayer
      url={env.TILE_URL}
      attribution={env.TILE_ATTRIBUTION}
      eventHandlers={onFailure ? { tileerror: onFailure } : undefined}
    />
  );
}

function SelfHostedTiles({ attribution, onFailure }: { attribution: string; onFailure?: () => void }) {
  const map = useMap();
  const language = useLanguage();
  useEffect(() => {
    // Credited at once, not by the layer: it comes only after the import and the archive's header,
    // and until then a lone "Leaflet" link would be the corner's only, too small, tap target.
    map.attributionControl?.addAttribution(attribution);
    let layer: { remove(): unknown } | null = null;
    let removed = false;
    void (async () => {
      try {
        const { leafletLayer, PmtilesSource } = await import("protomaps-leaflet");
        // protomaps-leaflet builds its layer on the global `L` a <script> of Leaflet would define.
        (window as { L?: typeof leaflet }).L ??= leaflet;
        const archive = new PmtilesSource(MAP_ARCHIVE_PATH, true).p;
        // Past the archive's deepest zoom its tiles are drawn larger (the demo's stops at 8, a Protomaps extract at 15).
        const { maxZoom } = await archive.getHeader();
        if (removed) return;
        layer = leafletLayer({
          url: archive,
          maxDataZoom: maxZoom,
          flavor: "light",
          lang: language,
        }).addTo(map) as { remove(): unknown };
      } catch (error) {
        if (removed) return;
        console.warn("Failed to load the map", error);
        onFailure?.();
      }
    })();
    return () => {
      removed = true;
      layer?.remove();
      map.attributionControl?.removeAttribution(attribution);
    };
  }, [map, language, attribution, onFailure]);
  return null;
}
