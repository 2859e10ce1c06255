import "leaflet/dist/leaflet.css";
import "./map.css";
import { divIcon, type LeafletEvent, type Marker as LeafletMarker } from "leaflet";
import iconRetinaUrl from "leaflet/dist/images/marker-icon-2x.png?url";
import iconUrl from "leaflet/dist/images/marker-icon.png?url";
import { useEffect, useRef } from "react";
import { MapContainer, Marker, useMap, useMapEvents } from "react-leaflet";
import { useT } from "~/browser/i18n";
import { BaseMap } from "./base-map.client";

// Leaflet's pin (25×41) in a 44×48 box: the box is what a thumb drags. Its tip marks the point.
const pin = divIcon({
  className: "location-pin",
  html: `<img src="${iconUrl}" srcset="${iconRetinaUrl} 2x" width="25" height="41" alt="">`,
  iconSize: [44, 48],
  iconAnchor: [22, 48],
});

export type MapPoint = { lat: number; lng: number };

type Props = {
  value: MapPoint | null;
  /** Where to look when nothing is chosen yet. */
  center: MapPoint;
  zoom: number;
  onPick: (point: MapPoint) => void;
  label: string;
};

/** Closer than this counts as the same point (the picker rounds to six decimals). */
const SAME_POINT = 1e-6;

export default function LocationMap({ value, center, zoom, onPick, label }: Props) {
  const t = useT();
  // The last point the user chose on the map itself; any other new value came from outside.
  const pickedHere = useRef<MapPoint | null>(null);

  function pick(point: MapPoint) {
    pickedHere.current = point;
    onPick(point);
  }

  const start = value ?? center;
  return (
    // `isolate` keeps Leaflet's high z-indexes from covering dialogs and the app shell.
    <div className="isolate" role="group" aria-label={label}>
      <MapContainer
        center={[start.lat, start.lng]}
        zoom={zoom}
        className="h-[280px] w-full rounded-lg border border-gray-6"
      >
        <BaseMap />
        <FitContainer />
        <PickOnClick onPick={pick} />
        <FollowValue value={value} pickedHere={pickedHere} />
        {value ? (
          <Marker
            position={[value.lat, value.lng]}
            icon={pin}
            title={t("map:location.dragToMove", { label })}
            draggable
            eventHandlers={{
              dragend(event: LeafletEvent) {
                const { lat, lng } = (event.target as LeafletMarker).getLatLng().wrap();
                pick({ lat, lng });
              },
            }}
          />
        ) : null}
      </MapContainer>
    </div>
  );
}

/** A map first drawn in a hidden tab has no size; measure again whenever the box changes. */
function FitContainer() {
  const map = useMap();
  useEffect(() => {
    const observer = new ResizeObserver(() => map.invalidateSize());
    observer.observe(map.getContainer());
    return () => observer.disconnect();
  }, [map]);
  return null;
}

function PickOnClick({ onPick }: { onPick: (point: MapPoint) => void }) {
  useMapEvents({
    click(event) {
      // wrap() brings longitudes back into -180..180 after panning round the world.
      const { lat, lng } = event.latlng.wrap();
      onPick({ lat, lng });
    },
  });
  return null;
}

/** Recentres on a point set from outside the map, such as the current location. */
function FollowValue({ value, pickedHere }: { value: MapPoint | null; pickedHere: { current: MapPoint | null } }) {
  const map = useMap();
  useEffect(() => {
    if (!value) return;
    const picked = pickedHere.current;
    if (picked && Math.abs(picked.lat - value.lat) < SAME_POINT && Math.abs(picked.lng - value.lng) < SAME_POINT)
      return;
    map.setView([value.lat, value.lng], map.getZoom());
  }, [map, value, pickedHere]);
  return null;
}
