import { lazy, Suspense, useCallback, useEffect, useEffectEvent, useRef, useState } from "react";
import { FieldErrors } from "~/components/forms";
import { useHydrated } from "~/browser/hydrated";
import type { ReverseGeocodeAnswer } from "~/models/geocode.schema";
import type { MapPoint } from "./location-map.client";
import { coordinatesText, PLACE_FROM_ADDRESS_FIELD } from "~/lib/coordinates";
import { Icon } from "~/components/icon";
import { MapErrorBoundary } from "./map-error-boundary";
import { RichMessage, useT } from "~/browser/i18n";

const DEFAULT_MAP_LAT = 31.5204;
const DEFAULT_MAP_LNG = 74.3587;
const DEFAULT_MAP_ZOOM = 15;

// Leaflet touches `window` when imported, so the map loads only in the browser, on demand.
const LocationMap = lazy(() => import("./location-map.client"));

type LocationValue = { lat: number; lng: number; address: string };

type Props = {
  idPrefix: string;
  names: { lat: string; lng: string; address: string };
  defaultValue?: { lat: number | null; lng: number | null; address: string | null };
  errors?: { lat?: string[]; lng?: string[]; address?: string[] };
  onChange?: (value: LocationValue) => void;
  /** Called instead of an alert when the current location cannot be had (e.g. a "Location Notice"). */
  onLocateError?: (message: string) => void;
  /** The Use Current Location button's label while busy; default "Getting your location...". */
  locatingLabel?: string;
  /** Without JavaScript (no map): how the place is found from the address when the coordinates are left empty. */
  addressHint: string;
};

const pointText = ({ lat, lng }: MapPoint) => coordinatesText(lat, lng);

function roundPoint({ lat, lng }: MapPoint): MapPoint {
  return { lat: Number(lat.toFixed(6)), lng: Number(lng.toFixed(6)) };
}

function parsePoint(lat: string | undefined, lng: string | undefined): MapPoint | null {
  if (!lat?.trim() || !lng?.trim()) return null;
  const point = { lat: Number(lat), lng: Number(lng) };
  const valid =
    Number.isFinite(point.lat) && Number.isFinite(point.lng) && Math.abs(point.lat) <= 90 && Math.abs(point.lng) <= 180;
  return valid ? roundPoint(point) : null;
}

async function lookUpAddress(point: MapPoint, signal: AbortSignal): Promise<string> {
  try {
    const query = new URLSearchParams({ lat: String(point.lat), lng: String(point.lng) });
    const response = await fetch(`/api/geocode/reverse?${query}`, { signal, headers: { Accept: "application/json" } });
    if (!response.ok) return pointText(point);
    const answer = (await response.json()) as Partial<ReverseGeocodeAnswer>;
    return typeof answer.address === "string" && answer.address ? answer.address : pointText(point);
  } catch {
    return pointText(point);
  }
}

/**
 * A plain field that still has the focus when the map replaces it is blurred by its removal, and
 * the form's validation on blur (Conform) would post the whole form for it, throwing the typed
 * place away. Nameless by then (React detaches a ref before it removes the element), it is
 * skipped: Conform validates named fields only.
 */
function namelessOnRemoval(node: HTMLInputElement | null) {
  if (!node) return;
  return () => node.removeAttribute("name");
}

/**
 * A place chosen on a map (tap, drag the marker, or current location), posted as three
 * form fields. Before JavaScript runs, or without it, the same fields are plain inputs.
 */
export function LocationPicker({
  idPrefix,
  names,
  defaultValue,
  errors,
  onChange,
  onLocateError,
  locatingLabel,
  addressHint,
}: Props) {
  const hydrated = useHydrated();
  const t = useT();
  const [point, setPoint] = useState<MapPoint | null>(() =>
    defaultValue?.lat != null && defaultValue.lng != null ? { lat: defaultValue.lat, lng: defaultValue.lng } : null,
  );
  const [address, setAddress] = useState(defaultValue?.address ?? "");
  const [lookingUp, setLookingUp] = useState(false);
  const [locating, setLocating] = useState(false);
  // The errors shown when a place was last chosen: choosing one answers "Please select a location",
  // so those go; errors that come after it (a new answer from the server) show.
  const [answeredErrors, setAnsweredErrors] = useState<Props["errors"]>(undefined);
  const errorsRef = useRef(errors);
  useEffect(() => {
    errorsRef.current = errors;
  });

  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  });
  const lookup = useRef<AbortController | null>(null);
  const typedLat = useRef<HTMLInputElement>(null);
  const typedLng = useRef<HTMLInputElement>(null);
  const typedAddress = useRef<HTMLInputElement>(null);
  const latRef = useCallback((node: HTMLInputElement | null) => {
    typedLat.current = node;
    return namelessOnRemoval(node);
  }, []);
  const lngRef = useCallback((node: HTMLInputElement | null) => {
    typedLng.current = node;
    return namelessOnRemoval(node);
  }, []);
  const addressRef = useCallback((node: HTMLInputElement | null) => {
    typedAddress.current = node;
    return namelessOnRemoval(node);
  }, []);

  const choose = useCallback((chosen: MapPoint, knownAddress?: string) => {
    const next = roundPoint(chosen);
    lookup.current?.abort();
    setPoint(next);
    setAnsweredErrors(errorsRef.current);
    // Until the lookup answers, the coordinates stand in, so the form can always be sent.
    const provisional = knownAddress || pointText(next);
    setAddress(provisional);
    onChangeRef.current?.({ ...next, address: provisional });
    setLookingUp(!knownAddress);
    if (knownAddress) return;

    const controller = new AbortController();
    lookup.current = controller;
    void lookUpAddress(next, controller.signal).then((found) => {
      if (controller.signal.aborted) return;
      setLookingUp(false);
      setAddress(found);
      onChangeRef.current?.({ ...next, address: found });
    });
  }, []);

  useEffect(() => () => lookup.current?.abort(), []);

  // On a slow phone someone may type into the plain inputs before the map replaces them:
  // only the plain inputs of the first render matter.
  const keepTyped = useEffectEvent(() => {
    const point = parsePoint(typedLat.current?.value, typedLng.current?.value);
    if (!point) return;
    const address = typedAddress.current?.value.trim() ?? "";
    const unchanged =
      point.lat === defaultValue?.lat && point.lng === defaultValue.lng && address === (defaultValue.address ?? "");
    if (!unchanged) choose(point, address);
  });
  useEffect(() => keepTyped(), []);

  function locateMe() {
    const report = onLocateError ?? ((message: string) => alert(message));
    if (!("geolocation" in navigator)) {
      report(t("map:location.unsupported"));
      return;
    }
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocating(false);
        choose({ lat: position.coords.latitude, lng: position.coords.longitude });
      },
      () => {
        setLocating(false);
        report(t("map:location.failed"));
      },
      { enableHighAccuracy: true, timeout: 10_000, maximumAge: 0 },
    );
  }

  const ids = { lat: `${idPrefix}-lat`, lng: `${idPrefix}-lng`, address: `${idPrefix}-address` };
  const errorIds = { lat: `${ids.lat}-error`, lng: `${ids.lng}-error`, address: `${ids.address}-error` };

  if (!hydrated) {
    const plainField = (key: "lat" | "lng", label: string) => (
      <div>
        <label htmlFor={ids[key]} className="field-label">
          {label}
        </label>
        <input
          ref={key === "lat" ? latRef : lngRef}
          id={ids[key]}
          name={names[key]}
          type="number"
          step="any"
          inputMode="decimal"
          dir="ltr"
          defaultValue={defaultValue?.[key] ?? ""}
          className="field-input"
          aria-invalid={errors?.[key]?.length ? true : undefined}
          aria-describedby={errors?.[key]?.length ? errorIds[key] : undefined}
        />
        <FieldErrors id={errorIds[key]} errors={errors?.[key]} />
      </div>
    );
    return (
      <div className="space-y-3">
        <input type="hidden" name={PLACE_FROM_ADDRESS_FIELD} value="address" />
        <p className="text-sm text-gray-11">{addressHint}</p>
        <div className="grid grid-cols-2 gap-3">
          {plainField("lat", t("map:location.latitude"))}
          {plainField("lng", t("map:location.longitude"))}
        </div>
        <div>
          <label htmlFor={ids.address} className="field-label">
            {t("map:location.address")}
          </label>
          <input
            ref={addressRef}
            id={ids.address}
            name={names.address}
            type="text"
            defaultValue={defaultValue?.address ?? ""}
            className="field-input"
            aria-invalid={errors?.address?.length ? true : undefined}
            aria-describedby={errors?.address?.length ? errorIds.address : undefined}
          />
          <FieldErrors id={errorIds.address} errors={errors?.address} />
        </div>
      </div>
    );
  }

  const coordinateErrors = point && answeredErrors === errors ? [] : [...(errors?.lat ?? []), ...(errors?.lng ?? [])];
  return (
    <div className="space-y-3">
      <MapErrorBoundary heightClass="h-[280px]" note={t("map:location.mapErrorNote")}>
        <Suspense
          fallback={
            <div className="flex h-[280px] w-full items-center justify-center rounded-lg border border-gray-6 bg-gray-3 text-sm text-gray-11">
              {t("map:loadingMap")}
            </div>
          }
        >
          <LocationMap
            value={point}
            center={{ lat: DEFAULT_MAP_LAT, lng: DEFAULT_MAP_LNG }}
            zoom={DEFAULT_MAP_ZOOM}
            onPick={(picked) => choose(picked)}
            label={t("map:location.mapLabel")}
          />
        </Suspense>
      </MapErrorBoundary>

      <button type="button" className="btn-secondary w-full" onClick={locateMe} disabled={locating}>
        <Icon name="locate-fixed" size={18} />
        {locating ? (locatingLabel ?? t("map:location.locating")) : t("map:location.useCurrent")}
      </button>

      <div>
        <label htmlFor={ids.address} className="field-label">
          {t("map:location.address")}
        </label>
        <input
          id={ids.address}
          type="text"
          readOnly
          value={address}
          placeholder={t("map:location.choosePlace")}
          className="field-input bg-gray-2"
          aria-invalid={errors?.address?.length ? true : undefined}
          aria-describedby={errors?.address?.length ? errorIds.address : undefined}
        />
        {lookingUp ? (
          <p className="mt-1 text-sm text-gray-11" role="status">
            {t("map:location.lookingUp")}
          </p>
        ) : null}
        <FieldErrors id={errorIds.address} errors={errors?.address} />
      </div>

      <p className="text-sm text-gray-11">
        <RichMessage
          id="map:location.selected"
          values={{ coordinates: point ? pointText(point) : t("map:location.noneYet") }}
          components={{ 0: <bdi dir="ltr" className="font-mono text-gray-12" /> }}
        />
      </p>
      <FieldErrors id={errorIds.lat} errors={coordinateErrors} />

      <input type="hidden" name={names.lat} value={point ? String(point.lat) : ""} />
      <input type="hidden" name={names.lng} value={point ? String(point.lng) : ""} />
      <input type="hidden" name={names.address} value={address} />
    </div>
  );
}
