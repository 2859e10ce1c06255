import { LocateFixed } from "lucide-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { FieldErrors } from "~/components/forms";
import { useHydrated } from "~/lib/hydrated";

const UNSUPPORTED = "Geolocation is not supported by this browser.";
const FAILED = "Unable to get your current location. Please check your location settings.";
const NO_ADDRESS = "Address not available";

type Values = { lat: string; lng: string; address: string };

/**
 * The post's place (part-2 §2): captured when the screen opens, refreshable, with an editable
 * address. Without JavaScript: latitude, longitude and address fields that may stay empty.
 */
export function LocationCapture({ ids, defaultValue, errors }: { ids: Values; defaultValue: Values; errors: string[] }) {
  const hydrated = useHydrated();
  const [values, setValues] = useState<Values>(defaultValue);
  const [status, setStatus] = useState<"idle" | "locating" | "failed">("idle");
  const [message, setMessage] = useState<string | null>(null);
  const request = useRef(0);

  const capture = useCallback(() => {
    if (!("geolocation" in navigator)) {
      setStatus("failed");
      setMessage(UNSUPPORTED);
      return;
    }
    const id = ++request.current;
    setStatus("locating");
    setMessage(null);
    navigator.geolocation.getCurrentPosition(
      async (position) => {
        if (id !== request.current) return;
        const lat = position.coords.latitude.toFixed(6);
        const lng = position.coords.longitude.toFixed(6);
        setValues((current) => ({ ...current, lat, lng }));
        let address = NO_ADDRESS;
        try {
          const response = await fetch(`/api/geocode/reverse?${new URLSearchParams({ lat, lng })}`, { headers: { Accept: "application/json" } });
          const answer = response.ok ? ((await response.json()) as { address?: string; fromProvider?: boolean }) : null;
          if (answer?.fromProvider && answer.address) address = answer.address;
        } catch {
          // The spec's fallback text stays.
        }
        if (id !== request.current) return;
        setValues({ lat, lng, address });
        setStatus("idle");
      },
      () => {
        if (id !== request.current) return;
        setStatus("failed");
        setMessage(FAILED);
      },
      { enableHighAccuracy: true, timeout: 10_000, maximumAge: 0 },
    );
  }, []);

  useEffect(() => {
    if (hydrated && !defaultValue.lat) capture();
  }, [hydrated, capture, defaultValue.lat]);

  if (!hydrated) {
    return (
      <fieldset className="space-y-2 rounded-lg border border-gray-5 p-3">
        <legend className="px-1 text-sm font-semibold">Location (optional)</legend>
        <div className="grid grid-cols-2 gap-3">
          <div>
            <label htmlFor={ids.lat} className="field-label">
              Latitude
            </label>
            <input id={ids.lat} name="lat" inputMode="decimal" defaultValue={defaultValue.lat} placeholder="31.520400" className="field-input" />
          </div>
          <div>
            <label htmlFor={ids.lng} className="field-label">
              Longitude
            </label>
            <input id={ids.lng} name="lng" inputMode="decimal" defaultValue={defaultValue.lng} placeholder="74.358700" className="field-input" />
          </div>
        </div>
        <div>
          <label htmlFor={ids.address} className="field-label">
            Address
          </label>
          <input id={ids.address} name="address" defaultValue={defaultValue.address} className="field-input" />
        </div>
        <FieldErrors errors={errors} />
      </fieldset>
    );
  }

  return (
    <fieldset className="space-y-2 rounded-lg border border-gray-5 p-3">
      <legend className="px-1 text-sm font-semibold">Location</legend>
      <input type="hidden" name="lat" value={values.lat} />
      <input type="hidden" name="lng" value={values.lng} />
      <div className="flex items-center justify-between gap-2 text-sm text-gray-11">
        <span data-testid="coordinates">
          {status === "locating" ? "Getting your location..." : values.lat ? `${values.lat}, ${values.lng}` : "No location yet"}
        </span>
        <button type="button" onClick={capture} className="btn-ghost min-h-9 px-2 text-sm" disabled={status === "locating"}>
          <LocateFixed size={16} aria-hidden /> Refresh location
        </button>
      </div>
      <label htmlFor={ids.address} className="field-label">
        Address
      </label>
      <input
        id={ids.address}
        name="address"
        value={values.address}
        onChange={(event) => setValues((current) => ({ ...current, address: event.target.value }))}
        className="field-input"
      />
      {message ? (
        <p role="alert" className="text-sm text-warning-11">
          {message}
        </p>
      ) : null}
      <FieldErrors errors={errors} />
    </fieldset>
  );
}
