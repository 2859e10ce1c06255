import { useCallback, useEffect, useEffectEvent, useLayoutEffect, useRef, useState, type ChangeEvent } from "react";
import { FieldErrors } from "~/components/forms";
import { useHydrated } from "~/browser/hydrated";
import { currentValue } from "~/browser/adopted-value";
import { accuracyParts, LEG_LIMITS } from "~/lib/location-quality";
import { Icon } from "~/components/icon";
import { useT } from "~/browser/i18n";
import type { Translate } from "~/locales/namespaces";

/** The address sent when none was found for the place: the spec's words, kept as the post's data (in English). */
const NO_ADDRESS = "Address not available";

type Values = { lat: string; lng: string; address: string };
/** How the place was had, sent in hidden fields: GPS with its accuracy and time, or TYPED. */
type Quality = { source: string; accuracy: string; fixAt: string };
const TYPED: Quality = { source: "TYPED", accuracy: "", fixAt: "" };

/**
 * The post's place, captured when the screen opens (also over a place the link brought, with
 * `captureOnOpen`: where the phone is beats where the dealer is said to be). One layout with and without JavaScript (the
 * status line keeps room for two lines), so nothing moves when React takes over.
 */
export function LocationCapture({
  ids,
  defaultValue,
  errors,
  onFix,
  captureOnOpen = false,
}: {
  ids: Values;
  defaultValue: Values & Quality;
  errors: string[];
  /** The phone's fix, as soon as it is had (New Post orders its dealers from it). */
  onFix?: (lat: string, lng: string) => void;
  captureOnOpen?: boolean;
}) {
  const captureFirst = captureOnOpen || !defaultValue.lat;
  const hydrated = useHydrated();
  const t = useT();
  const [values, setValues] = useState<Values>(defaultValue);
  const [quality, setQuality] = useState<Quality>(defaultValue);
  // Without a place yet (or over one a link brought), the capture starts as soon as React runs.
  const [locating, setLocating] = useState(captureFirst);
  const [message, setMessage] = useState<string | null>(null);
  const request = useRef(0);
  // The newest onFix, for a fix that arrives after a re-render.
  const fixed = useRef(onFix);
  useEffect(() => {
    fixed.current = onFix;
  });

  const capture = useCallback(() => {
    if (!("geolocation" in navigator)) {
      setLocating(false);
      setMessage(t("posts:location.unsupported"));
      return;
    }
    const id = ++request.current;
    setLocating(true);
    setMessage(null);
    navigator.geolocation.getCurrentPosition(
      async (position) => {
        if (id !== request.current) return;
        const lat = position.coords.latitude.toFixed(6);
        const lng = position.coords.longitude.toFixed(6);
        const { accuracy } = position.coords;
        setValues((current) => ({ ...current, lat, lng }));
        fixed.current?.(lat, lng);
        setQuality({ source: "GPS", accuracy: accuracy.toFixed(0), fixAt: String(Math.round(position.timestamp)) });
        // A poor fix is said plainly, with what helps; it is still the officer's to send.
        if (accuracy > LEG_LIMITS.maxAccuracyM) setMessage(t("posts:location.approximate", accuracyParts(accuracy)));
        // No address found: the address is "Address not available" (the spec's words), the officer may type it.
        let address = NO_ADDRESS;
        try {
          const response = await fetch(`/api/geocode/reverse?${new URLSearchParams({ lat, lng })}`, {
            headers: { Accept: "application/json" },
          });
          const answer = response.ok ? ((await response.json()) as { address?: string; fromProvider?: boolean }) : null;
          if (answer?.fromProvider && answer.address) address = answer.address;
        } catch {
          // The address stays "Address not available".
        }
        if (id !== request.current) return;
        setValues({ lat, lng, address });
        setLocating(false);
      },
      () => {
        if (id !== request.current) return;
        setLocating(false);
        setMessage(t("posts:location.failed"));
      },
      { enableHighAccuracy: true, timeout: 10_000, maximumAge: 0 },
    );
  }, [t]);

  // A place typed before the scripts arrived is the officer's: adopted when React takes the
  // fields over (before a render could write the server's values back), and not captured over.
  const [typedEarly, setTypedEarly] = useState(false);
  const adoptTyped = useEffectEvent(() => {
    const typed = {
      lat: currentValue(ids.lat, defaultValue.lat),
      lng: currentValue(ids.lng, defaultValue.lng),
      address: currentValue(ids.address, defaultValue.address),
    };
    const initial = { lat: defaultValue.lat, lng: defaultValue.lng, address: defaultValue.address };
    if (typed.lat === initial.lat && typed.lng === initial.lng && typed.address === initial.address) return;
    setValues(typed);
    if (typed.lat === initial.lat && typed.lng === initial.lng) return;
    setQuality(TYPED);
    setTypedEarly(true);
    setLocating(false);
  });
  useLayoutEffect(() => adoptTyped(), []);

  useEffect(() => {
    if (hydrated && captureFirst && !typedEarly) capture();
  }, [hydrated, capture, captureFirst, typedEarly]);

  const field = (name: keyof Values) => ({
    id: ids[name],
    name,
    value: values[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      setValues((current) => ({ ...current, [name]: event.target.value }));
      // Coordinates changed by hand are typed, whatever the phone said.
      if (name !== "address") setQuality(TYPED);
    },
    className: "field-input",
  });

  return (
    <fieldset className="space-y-2 rounded-lg border border-gray-5 p-3">
      <legend className="px-1 text-sm font-semibold">{t("posts:location.legend")}</legend>
      <input type="hidden" name="source" value={quality.source} />
      <input type="hidden" name="accuracy" value={quality.accuracy} />
      <input type="hidden" name="fixAt" value={quality.fixAt} />
      <div className="grid grid-cols-2 gap-3">
        <div>
          <label htmlFor={ids.lat} className="field-label">
            {t("posts:location.latitude")}
          </label>
          <input {...field("lat")} inputMode="decimal" placeholder="31.520400" dir="ltr" />
        </div>
        <div>
          <label htmlFor={ids.lng} className="field-label">
            {t("posts:location.longitude")}
          </label>
          <input {...field("lng")} inputMode="decimal" placeholder="74.358700" dir="ltr" />
        </div>
      </div>
      <div>
        <label htmlFor={ids.address} className="field-label">
          {t("posts:location.address")}
        </label>
        <input {...field("address")} />
      </div>
      {/* With JavaScript: two lines kept for the longest message, and the button's place kept until it can work. */}
      <p
        role={message ? "alert" : "status"}
        className={`min-h-10 text-sm noscript:min-h-0 ${message ? "text-warning-11" : "text-gray-11"}`}
      >
        {typedEarly && quality.source === TYPED.source && !message
          ? t("posts:location.typedEarly")
          : statusText(t, hydrated, locating, message, values.address === NO_ADDRESS)}
      </p>
      <button
        type="button"
        onClick={capture}
        className={`btn-ghost px-2 text-sm noscript:hidden ${hydrated ? "" : "invisible"}`}
        disabled={!hydrated || locating}
      >
        <Icon name="locate-fixed" size={16} /> {t("posts:location.refresh")}
      </button>
      <FieldErrors errors={errors} />
    </fieldset>
  );
}

function statusText(
  t: Translate,
  hydrated: boolean,
  locating: boolean,
  message: string | null,
  addressMissing: boolean,
): string {
  if (message) return message;
  if (!hydrated) return t("posts:location.typeOrLeave");
  if (locating) return t("posts:location.locating");
  if (addressMissing) return t("posts:location.noAddress");
  return t("posts:location.filled");
}
