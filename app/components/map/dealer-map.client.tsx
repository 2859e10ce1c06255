import "leaflet/dist/leaflet.css";
import "./map.css";
import {
  canvas,
  svg,
  circleMarker,
  divIcon,
  latLngBounds,
  layerGroup,
  Popup as LeafletPopup,
  type Canvas,
  type CircleMarker as LeafletCircleMarker,
  type LayerGroup,
  type PopupOptions,
} from "leaflet";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { MapContainer, Marker, Polyline, Popup, useMap, useMapEvent } from "react-leaflet";
import { telHref } from "~/lib/phone";
import type { DealerPin } from "~/models/dealer.schema";
import { CROP_KEYS, PLOT_STAGE_KEYS } from "~/components/farmers/farmer-words";
import { SALE_PRODUCT_LABELS } from "~/lib/post-types";
import { PLOT_STAGE_COLORS, type PlotPin } from "~/models/plot-map.schema";
import { useT } from "~/browser/i18n";
import type { Translate } from "~/locales/namespaces";
import type { StopStatus } from "~/models/visit-plan.schema";
import { BaseMap } from "./base-map.client";
import { STOP_STATUS_KEYS } from "./stop-status";

// Dealers are circle markers drawn on one canvas (no DOM element per dealer), so 10,000 of them
// pan smoothly on a cheap phone; their popups are built when opened. Demo plots are drawn the same
// way: white dots ringed in their stage's colour. Check-ins are few per day
// and are numbered DOM markers with a polyline per agent in the agent's colour.

const PAKISTAN_CENTER: [number, number] = [30.3753, 69.3451];
const PAKISTAN_ZOOM = 6;
const MAX_FIT_ZOOM = 12;

type MapRoute = {
  userId: number;
  name: string;
  color: string;
  stops: {
    id: number;
    number: number;
    label: string | null;
    typeLabel: string;
    time: string;
    address: string | null;
    lat: number;
    lng: number;
    placeLabel: string | null;
    /** Why the leg from the previous stop is not counted, in words; null when it is. */
    legNote: string | null;
  }[];
};

/** A visit plan's stops in driving order, from where the officer starts. */
type MapPlan = {
  officerName: string;
  start: { lat: number; lng: number } | null;
  stops: {
    position: number;
    dealerId: number;
    businessName: string;
    lat: number;
    lng: number;
    status: StopStatus;
  }[];
};

type Props = {
  /** The dealers' URL (GET /api/dealers with the province), or null when Dealers is off. */
  dealersUrl: string | null;
  routes: MapRoute[];
  /** The visit plan shown beside the routes, if any. */
  plan: MapPlan | null;
  /** The demo plots of the "Demo plots" layer (none when it is off). */
  plots: PlotPin[];
  /** A dealer to show: the map centres on it and opens its info window. */
  focusDealerId: number | null;
  label: string;
};

export default function DealerMap({ dealersUrl, routes, plan, plots, focusDealerId, label }: Props) {
  const t = useT();
  const [dealers, setDealers] = useState<DealerPin[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [tilesFailed, setTilesFailed] = useState(false);
  const tilesFailedOnce = useCallback(() => setTilesFailed(true), []);
  // Dealers and demo plots share one canvas: a canvas over another would take the taps meant for
  // the dots below it. A 14 px dot is hit within 22 px of its centre (a 44 px target).
  const dots = useMemo(() => canvas({ padding: 0.5, tolerance: 15 }), []);

  useEffect(() => {
    if (!dealersUrl) {
      setDealers([]);
      setFailed(false);
      return;
    }
    const controller = new AbortController();
    setDealers(null);
    setFailed(false);
    fetch(dealersUrl, { signal: controller.signal, headers: { Accept: "application/json" } })
      .then(async (response) => {
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        setDealers((await response.json()) as DealerPin[]);
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        console.warn("Failed to load dealer data", error);
        setFailed(true);
      });
    return () => controller.abort();
  }, [dealersUrl]);

  return (
    // `isolate` keeps Leaflet's high z-indexes under dialogs and the app shell.
    <div className="relative isolate" role="group" aria-label={label}>
      {/* Behind the transparent map: what shows until the tiles arrive over a slow network, or why they never do. */}
      <p
        aria-hidden
        className="absolute inset-0 flex items-center justify-center rounded-lg bg-gray-3 px-6 text-center text-sm text-gray-11"
      >
        {tilesFailed ? t("map:popup.tilesFailed") : t("map:loadingMap")}
      </p>
      <MapContainer
        center={PAKISTAN_CENTER}
        zoom={PAKISTAN_ZOOM}
        preferCanvas
        className="map-box h-[420px] w-full rounded-lg border border-gray-6"
      >
        <BaseMap onFailure={tilesFailedOnce} />
        <DealerLayer dealers={dealers ?? []} focusDealerId={focusDealerId} renderer={dots} t={t} />
        <PlotLayer plots={plots} renderer={dots} t={t} />
        {routes.map((route) => (
          <RouteLayer key={route.userId} route={route} />
        ))}
        <StopsLayer routes={routes} />
        {plan ? <PlanLayer plan={plan} /> : null}
        <FitToData dealers={dealers} routes={routes} plan={plan} plots={plots} />
      </MapContainer>
      <p
        role="status"
        className="pointer-events-none absolute start-2 bottom-2 z-[1000] rounded bg-white/90 px-2 py-1 text-xs text-gray-12 shadow"
      >
        {failed
          ? t("map:popup.dealersFailed")
          : dealers === null
            ? t("map:popup.loadingDealers")
            : t("map:popup.dealersOnMap", { count: dealers.length })}
      </p>
    </div>
  );
}

/**
 * Info windows stay whole on a 360 px screen: at most 250 px of text (about 300 px of window), and
 * the map pans to show them 16 px from its sides and below the zoom buttons (top left, 98 px tall).
 */
const POPUP_OPTIONS = {
  maxWidth: 250,
  autoPanPaddingTopLeft: [16, 110],
  autoPanPaddingBottomRight: [16, 16],
} satisfies PopupOptions;

/** The info window of a dealer, built with DOM text nodes (no HTML from data). */
function dealerPopup(dealer: DealerPin, t: Translate): HTMLElement {
  const root = document.createElement("div");
  root.className = "dealer-popup space-y-1 text-sm";
  root.setAttribute("data-dealer-id", String(dealer.id));
  const line = (text: string, className = "") => {
    const p = document.createElement("p");
    p.textContent = text;
    if (className) p.className = className;
    root.append(p);
    return p;
  };
  const link = (href: string, text: string) => {
    const p = document.createElement("p");
    const a = document.createElement("a");
    a.href = href;
    a.textContent = text;
    // A phone number or an address reads left to right inside Urdu too.
    a.dir = "ltr";
    a.className = "text-accent-11 underline";
    p.append(a);
    root.append(p);
  };
  line(dealer.businessName, "font-semibold text-base");
  const owner = [dealer.ownerFirstName, dealer.ownerLastName].filter(Boolean).join(" ");
  if (owner) line(t("map:dealers.owner", { name: owner }));
  if (dealer.phone) link(telHref(dealer.phone), dealer.phone);
  if (dealer.email) link(`mailto:${dealer.email}`, dealer.email);
  line(dealer.formattedAddress || dealer.street);
  line(t("map:popup.state", { state: dealer.state }));
  line(t("map:popup.city", { city: dealer.city }));
  return root;
}

/** The info window of a demo plot: its farmer, crop, product and stage, and a link to the plot. */
function plotPopup(plot: PlotPin, t: Translate): HTMLElement {
  const root = document.createElement("div");
  root.className = "plot-popup space-y-1 text-sm";
  root.setAttribute("data-plot-id", String(plot.id));
  const lines = [
    plot.farmerName,
    `${t(CROP_KEYS[plot.crop])} · ${SALE_PRODUCT_LABELS[plot.product]}`,
    t("map:popup.demoPlot", { stage: t(PLOT_STAGE_KEYS[plot.stage]) }),
  ];
  for (const text of lines) {
    const p = document.createElement("p");
    p.textContent = text;
    root.append(p);
  }
  root.firstElementChild?.classList.add("font-semibold", "text-base");
  const a = document.createElement("a");
  a.href = `/plots/${plot.id}`;
  a.textContent = t("map:popup.openPlot");
  a.className = "text-accent-11 underline";
  root.append(a);
  return root;
}

/** The demo plots: rings in their stage's colour, on the dealers' canvas. */
function PlotLayer({ plots, renderer, t }: { plots: PlotPin[]; renderer: Canvas; t: Translate }) {
  const map = useMap();
  useEffect(() => {
    const layer = layerGroup();
    for (const plot of plots) {
      circleMarker([plot.lat, plot.lng], {
        renderer,
        radius: 8,
        color: PLOT_STAGE_COLORS[plot.stage],
        weight: 4,
        fillColor: "#ffffff",
        fillOpacity: 0.9,
      })
        .bindPopup(() => plotPopup(plot, t), POPUP_OPTIONS)
        .addTo(layer);
    }
    layer.addTo(map);
    return () => {
      layer.remove();
    };
  }, [map, plots, renderer, t]);
  return null;
}

function DealerLayer({
  dealers,
  focusDealerId,
  renderer,
  t,
}: {
  dealers: DealerPin[];
  focusDealerId: number | null;
  renderer: Canvas;
  t: Translate;
}) {
  const map = useMap();
  const markers = useRef(new Map<number, LeafletCircleMarker>());
  const group = useRef<LayerGroup | null>(null);

  useEffect(() => {
    const layer = layerGroup();
    markers.current = new Map();
    for (const dealer of dealers) {
      const lat = Number(dealer.lat);
      const lng = Number(dealer.lng);
      if (!Number.isFinite(lat) || !Number.isFinite(lng)) continue;
      const marker = circleMarker([lat, lng], {
        renderer,
        radius: 7,
        color: "#ffffff",
        weight: 2,
        fillColor: "#1d4ed8",
        fillOpacity: 0.9,
      }).bindPopup(() => dealerPopup(dealer, t), POPUP_OPTIONS);
      marker.addTo(layer);
      markers.current.set(dealer.id, marker);
    }
    layer.addTo(map);
    group.current = layer;
    return () => {
      layer.remove();
      group.current = null;
    };
  }, [map, dealers, renderer, t]);

  useEffect(() => {
    if (focusDealerId === null) return;
    const marker = markers.current.get(focusDealerId);
    if (!marker) return;
    map.setView(marker.getLatLng(), MAX_FIT_ZOOM, { animate: false });
    marker.openPopup();
  }, [map, focusDealerId, dealers]);

  return null;
}

/** A check-in's target: 44 px square, centred on its place. */
const TARGET_PX = 44;

function stopIcon(color: string, numbers: number[]) {
  const label = numbers.length === 1 ? String(numbers[0]) : `${numbers[0]}+${numbers.length - 1}`;
  return divIcon({
    // A 26 px dot in a 44 px target; `data-numbers` names every check-in a shared target holds.
    className: "checkin-target",
    html: `<span class="checkin-marker" style="background:${color}" data-numbers="${numbers.join(" ")}">${label}</span>`,
    iconSize: [TARGET_PX, TARGET_PX],
    iconAnchor: [TARGET_PX / 2, TARGET_PX / 2],
    popupAnchor: [0, -12],
  });
}

type Stop = MapRoute["stops"][number];
type PlacedStop = { route: MapRoute; stop: Stop };

/**
 * The check-ins as targets that never overlap at this zoom: a check-in whose 44 px target would
 * overlap the target of an earlier one joins it, so one tap opens both instead of the top one
 * hiding the other (an overlapped target is too small to tap: WCAG 2.5.8). Targets sit on their
 * first check-in, each at least 44 px from every other on one axis.
 */
function stopTargets(routes: MapRoute[], pixelOf: (lat: number, lng: number) => { x: number; y: number }) {
  const targets: Array<{ at: { x: number; y: number }; stops: PlacedStop[] }> = [];
  for (const route of routes) {
    for (const stop of route.stops) {
      const at = pixelOf(stop.lat, stop.lng);
      const near = targets.find(
        (target) => Math.abs(target.at.x - at.x) < TARGET_PX && Math.abs(target.at.y - at.y) < TARGET_PX,
      );
      if (near) near.stops.push({ route, stop });
      else targets.push({ at, stops: [{ route, stop }] });
    }
  }
  return targets.map((target) => target.stops);
}

function StopDetails({ route, stop }: PlacedStop) {
  const t = useT();
  return (
    <div className="checkin-popup space-y-1 text-sm">
      <p className="text-base font-semibold">{route.name}</p>
      <p>{stop.typeLabel}</p>
      <p>{stop.time}</p>
      {stop.address ? <p>{stop.address}</p> : null}
      {stop.placeLabel ? <p className="text-gray-11">{stop.placeLabel}</p> : null}
      {stop.legNote ? <p className="text-warning-11">{stop.legNote}</p> : null}
      <p>
        {t("map:popup.checkIn", { number: stop.number })}
        {stop.label ? (
          <span className="ms-2 rounded-full bg-gray-4 px-2 py-0.5 text-xs font-semibold">{stop.label}</span>
        ) : null}
      </p>
    </div>
  );
}

/** Every route's numbered check-ins, regrouped at each zoom so that no two targets overlap. */
function StopsLayer({ routes }: { routes: MapRoute[] }) {
  const map = useMap();
  const t = useT();
  const [zoom, setZoom] = useState(() => map.getZoom());
  useMapEvent("zoomend", () => setZoom(map.getZoom()));
  const targets = useMemo(() => stopTargets(routes, (lat, lng) => map.project([lat, lng], zoom)), [routes, map, zoom]);
  return (
    <>
      {targets.map((stops) => {
        const first = stops[0]!;
        const name = stops
          .map(({ route, stop }) => t("map:popup.checkInName", { name: route.name, number: stop.number }))
          .join("; ");
        return (
          <Marker
            key={stops.map(({ stop }) => stop.id).join("-")}
            position={[first.stop.lat, first.stop.lng]}
            icon={stopIcon(
              first.route.color,
              stops.map(({ stop }) => stop.number),
            )}
            title={name}
            alt={name}
            zIndexOffset={first.stop.number}
          >
            <Popup {...POPUP_OPTIONS}>
              <div className="divide-y divide-gray-5">
                {stops.map((placed) => (
                  <div key={placed.stop.id} className="py-1">
                    <StopDetails {...placed} />
                  </div>
                ))}
              </div>
            </Popup>
          </Marker>
        );
      })}
    </>
  );
}

/** A leg not counted in distance and hours: dashed, in one colour for every agent, its reason in a popup. */
const LEFT_OUT_LEG = { color: "#b45309", weight: 3, opacity: 0.9, dashArray: "6 8" };

function RouteLayer({ route }: { route: MapRoute }) {
  const legs = route.stops.slice(1).map((stop, index) => ({ stop, from: route.stops[index]! }));
  // A day's few legs are SVG (the dealers' many dots are canvas): each a real element, its dashes and popup its own.
  const lines = useMemo(() => svg(), []);
  return (
    <>
      {legs.map(({ stop, from }) => (
        <Polyline
          key={stop.id}
          positions={[
            [from.lat, from.lng],
            [stop.lat, stop.lng],
          ]}
          renderer={lines}
          pathOptions={stop.legNote ? LEFT_OUT_LEG : { color: route.color, weight: 3, opacity: 0.8 }}
        >
          {stop.legNote ? (
            <Popup {...POPUP_OPTIONS}>
              <p className="left-out-leg text-sm">{stop.legNote}</p>
            </Popup>
          ) : null}
        </Polyline>
      ))}
    </>
  );
}

function planIcon(position: number, status: string) {
  return divIcon({
    className: "checkin-target",
    html: `<span class="plan-marker" data-status="${status}">${position}</span>`,
    iconSize: [44, 44],
    iconAnchor: [22, 22],
    popupAnchor: [0, -12],
  });
}

/** The plan's path, dashed and dark, so it reads apart from the solid coloured routes travelled. */
const PLAN_LINE = { color: "#1e293b", weight: 3, opacity: 0.9, dashArray: "2 8" };

function PlanLayer({ plan }: { plan: MapPlan }) {
  const t = useT();
  const lines = useMemo(() => svg(), []);
  const points: [number, number][] = [
    ...(plan.start ? [[plan.start.lat, plan.start.lng] as [number, number]] : []),
    ...plan.stops.map((stop): [number, number] => [stop.lat, stop.lng]),
  ];
  return (
    <>
      <Polyline positions={points} renderer={lines} pathOptions={PLAN_LINE} />
      {plan.stops.map((stop) => (
        <Marker
          key={stop.dealerId}
          position={[stop.lat, stop.lng]}
          icon={planIcon(stop.position, stop.status)}
          title={t("map:popup.plannedStop", { position: stop.position, name: stop.businessName })}
          alt={t("map:popup.plannedStop", { position: stop.position, name: stop.businessName })}
        >
          <Popup {...POPUP_OPTIONS}>
            <div className="checkin-popup space-y-1 text-sm">
              <p className="text-base font-semibold">{stop.businessName}</p>
              <p>
                {t("map:popup.plannedStopOf", {
                  position: stop.position,
                  name: plan.officerName,
                  status: t(STOP_STATUS_KEYS[stop.status]),
                })}
              </p>
            </div>
          </Popup>
        </Marker>
      ))}
    </>
  );
}

/**
 * Fits the map to the routes shown (else the dealers and demo plots), once per change of data, and then caps
 * the zoom at 12 so a single stop does not zoom in to street level.
 */
function FitToData({
  dealers,
  routes,
  plan,
  plots,
}: {
  dealers: DealerPin[] | null;
  routes: MapRoute[];
  plan: MapPlan | null;
  plots: PlotPin[];
}) {
  const map = useMap();
  const key = `${routes.map((r) => `${r.userId}:${r.stops.length}`).join(",")}|${plan?.stops.length ?? 0}|${dealers?.length ?? "-"}|${plots.length}`;
  const lastKey = useRef("");
  useEffect(() => {
    if (lastKey.current === key) return;
    // Popups of markers that are gone would stay behind as empty boxes.
    map.eachLayer((layer) => {
      if (layer instanceof LeafletPopup) layer.remove();
    });
    const points: [number, number][] = [
      ...routes.flatMap((route) => route.stops.map((stop) => [stop.lat, stop.lng] as [number, number])),
      ...(plan?.stops.map((stop): [number, number] => [stop.lat, stop.lng]) ?? []),
    ];
    if (points.length === 0 && dealers) {
      for (const dealer of dealers) {
        const lat = Number(dealer.lat);
        const lng = Number(dealer.lng);
        if (Number.isFinite(lat) && Number.isFinite(lng)) points.push([lat, lng]);
      }
      for (const plot of plots) points.push([plot.lat, plot.lng]);
    }
    if (points.length === 0) return;
    lastKey.current = key;
    map.fitBounds(latLngBounds(points), { padding: [32, 32], animate: false });
    if (map.getZoom() > MAX_FIT_ZOOM) map.setZoom(MAX_FIT_ZOOM, { animate: false });
  }, [map, key, routes, dealers, plan, plots]);
  return null;
}
