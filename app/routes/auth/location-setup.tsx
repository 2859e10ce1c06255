import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useState } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/location-setup";
import { readForm, parseForm } from "~/http/form.server";
import {
  PLACED_FROM_ADDRESS,
  type Placement,
  placeFromAddress,
  placementErrors,
} from "~/http/place-from-address.server";
import { AuthCard } from "~/components/auth-card";
import { metaTitle, useT } from "~/browser/i18n";
import { pageMessages, requestTranslator } from "~/http/language.server";
import type { MessageKey, Translate } from "~/locales/namespaces";
import { FormErrors } from "~/components/forms";
import { LocationPicker } from "~/components/map/location-picker";
import { isFailedRequest } from "~/lib/failed-request";
import { tabMayHoldDrafts } from "~/browser/may-hold-drafts";
import { guardRequest } from "~/browser/request-guard";
import { getOptionalUser, requireAccount } from "~/http/auth.server";
import { redirectWithToast } from "~/http/toast.server";
import type { ToastInput } from "~/lib/toast";
import { hasCompletedLocations, updateProfile } from "~/models/user.server";
import { locationSetupSchema } from "~/models/user.schema";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: metaTitle(matches, "auth:locations.pageTitle") }];

type Tab = "home" | "warehouse";
const TAB_LABELS: Record<Tab, MessageKey> = {
  home: "auth:locations.homeTab",
  warehouse: "auth:locations.warehouseTab",
};

function tabFrom(request: Request): Tab {
  return new URL(request.url).searchParams.get("tab") === "warehouse" ? "warehouse" : "home";
}

export function loader(args: Route.LoaderArgs) {
  const user = getOptionalUser(args);
  // The location picker's words are the map's.
  const messages = pageMessages(args.context, "auth", "map");
  if (!user) return { user: null, tab: "home" as Tab, messages };
  const place = (prefix: Tab) => ({
    lat: user[`${prefix}Lat`],
    lng: user[`${prefix}Lng`],
    address: user[`${prefix}Address`],
  });
  return { user: { home: place("home"), warehouse: place("warehouse") }, tab: tabFrom(args.request), messages };
}

/** What is said when one place is saved, by the tab to open next. */
function locationSaved(next: Tab, t: Translate): ToastInput {
  return next === "warehouse"
    ? { title: t("auth:locations.homeSaved"), description: t("auth:locations.chooseWarehouse") }
    : { title: t("auth:locations.warehouseSaved"), description: t("auth:locations.chooseHome") };
}

/** Without a map, each place is found from its address when its coordinates are left empty. */
const PLACES = {
  home: { lat: "homeLat", lng: "homeLng", address: "homeAddress", search: ["homeAddress"] },
  warehouse: { lat: "warehouseLat", lng: "warehouseLng", address: "warehouseAddress", search: ["warehouseAddress"] },
};

/** One place is enough: a place left empty is only reported when neither was given. */
function placementsErrors({ home, warehouse }: Record<Tab, Placement>): Record<string, string[]> {
  const neither = home === "needs-address" && warehouse === "needs-address";
  return {
    ...placementErrors(home === "needs-address" && !neither ? "pinned" : home, PLACES.home.lat),
    ...placementErrors(warehouse === "needs-address" ? "pinned" : warehouse, PLACES.warehouse.lat),
  };
}

/** Signed out (the session expired while the map was open), the save goes to sign in and comes back here. */
export async function action(args: Route.ActionArgs) {
  // An account waiting for approval sets its places too, then waits (decision 42).
  const user = requireAccount(args);
  const form = await readForm(args.request);
  const placements = {
    home: await placeFromAddress(form, PLACES.home),
    warehouse: await placeFromAddress(form, PLACES.warehouse),
  };
  const submission = parseForm(form, locationSetupSchema);
  if (submission.status !== "success")
    return data({ result: submission.reply({ fieldErrors: placementsErrors(placements) }) }, { status: 400 });
  const placed = { home: placements.home === "placed", warehouse: placements.warehouse === "placed" };
  const saved = await updateProfile(user.id, submission.value, placed);
  const t = requestTranslator(args.context, "auth");
  const placedNote = placed.home || placed.warehouse ? t(PLACED_FROM_ADDRESS) : undefined;
  if (hasCompletedLocations(saved)) {
    return redirectWithToast("/", { title: t("auth:locations.allSaved"), description: placedNote });
  }
  // One of the two is saved: say so, and open the other's tab.
  const next: Tab = saved.homeLat === null ? "home" : "warehouse";
  const notice = locationSaved(next, t);
  return redirectWithToast(
    `/location-setup?tab=${next}`,
    placedNote ? { ...notice, description: `${placedNote}. ${notice.description}` } : notice,
  );
}

export const clientAction = (args: Route.ClientActionArgs) =>
  guardRequest(
    args,
    () => ({ type: "error", title: "common:notice.error", description: "common:failed.saveLocations" }),
    {
      signedOut: { type: "error", title: "common:failed.unauthorized", description: "common:notice.signedOut" },
    },
  );

type Place = { lat: number | null; lng: number | null; address: string | null };

/** A place as the form sent it (its three fields), or null when none was chosen. */
function placeFrom(fields: Map<string, string>, tab: Tab): Place | null {
  const lat = Number.parseFloat(fields.get(`${tab}Lat`) ?? "");
  const lng = Number.parseFloat(fields.get(`${tab}Lng`) ?? "");
  if (!Number.isFinite(lat) || !Number.isFinite(lng)) return null;
  return { lat, lng, address: fields.get(`${tab}Address`) || null };
}

/**
 * The places chosen before the session expired, back after signing in again (the map keeps
 * them in hidden fields, which the shell's draft restore leaves alone).
 */
function useDraftPlaces(): Partial<Record<Tab, Place>> | null {
  const [places, setPlaces] = useState<Partial<Record<Tab, Place>> | null>(null);
  useEffect(() => {
    if (!tabMayHoldDrafts()) return;
    void import("~/browser/drafts").then(({ takeDraft }) => {
      const fields = takeDraft("/location-setup");
      if (!fields) return;
      const chosen = (Object.keys(TAB_LABELS) as Tab[]).flatMap((tab) => {
        const place = placeFrom(fields, tab);
        return place ? [[tab, place] as const] : [];
      });
      setPlaces(Object.fromEntries(chosen));
    });
  }, []);
  return places;
}

export default function LocationSetup({ loaderData, actionData }: Route.ComponentProps) {
  const { user } = loaderData;
  const draft = useDraftPlaces();
  const t = useT();
  if (!user) {
    return (
      <AuthCard title={t("auth:locations.title")}>
        <FormErrors errors={[t("auth:locations.registrationNotFound")]} />
        <Link to="/register" className="btn-primary mt-5 w-full">
          {t("auth:locations.startOver")}
        </Link>
      </AuthCard>
    );
  }
  const answer = isFailedRequest(actionData) ? undefined : actionData;
  return (
    <LocationSetupForm
      key={draft ? `${loaderData.tab}:draft` : loaderData.tab}
      places={{ ...user, ...draft }}
      initialTab={loaderData.tab}
      result={answer?.result}
    />
  );
}

/** The place as the refused form sent it, so a refusal shows what was typed. */
function sentPlace(fields: Record<string, { initialValue?: unknown }>, tab: Tab): Place {
  const number = (value: unknown) =>
    typeof value === "string" && value.trim() !== "" && Number.isFinite(Number(value)) ? Number(value) : null;
  const address = fields[`${tab}Address`]?.initialValue;
  return {
    lat: number(fields[`${tab}Lat`]?.initialValue),
    lng: number(fields[`${tab}Lng`]?.initialValue),
    address: typeof address === "string" ? address : null,
  };
}

type FormResult = Exclude<NonNullable<Route.ComponentProps["actionData"]>, { failed: true }>["result"];

function LocationSetupForm({
  places,
  initialTab,
  result,
}: {
  places: Record<Tab, Place>;
  initialTab: Tab;
  result: FormResult | undefined;
}) {
  const navigation = useNavigation();
  const t = useT();
  const [tab, setTab] = useState<Tab>(initialTab);
  const [chosen, setChosen] = useState<Record<Tab, boolean>>({
    home: places.home.lat !== null,
    warehouse: places.warehouse.lat !== null,
  });
  const [form, fields] = useForm({
    id: "location-setup",
    lastResult: result,
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: locationSetupSchema }),
  });
  const complete = chosen.home && chosen.warehouse;
  const saving = navigation.state === "submitting";
  const label = complete
    ? t("auth:locations.complete")
    : tab === "home"
      ? t("auth:locations.saveHome")
      : t("auth:locations.saveWarehouse");

  return (
    <AuthCard title={t("auth:locations.title")} subtitle={t("auth:locations.subtitle")}>
      <div
        role="tablist"
        aria-label={t("auth:locations.tabsLabel")}
        className="mb-4 grid grid-cols-2 rounded-lg bg-gray-3 p-1"
      >
        {(Object.keys(TAB_LABELS) as Tab[]).map((key) => (
          <Link
            key={key}
            to={`?tab=${key}`}
            replace
            role="tab"
            aria-selected={tab === key}
            onClick={(event) => {
              event.preventDefault();
              setTab(key);
            }}
            className={`tap rounded-md text-center text-sm font-medium ${tab === key ? "bg-white shadow-sm" : "text-gray-11"}`}
          >
            {t(TAB_LABELS[key])}
            {chosen[key] ? " ✓" : ""}
          </Link>
        ))}
      </div>
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <FormErrors errors={form.errors} />
        {(Object.keys(TAB_LABELS) as Tab[]).map((key) => (
          <section key={key} role="tabpanel" aria-label={t(TAB_LABELS[key])} hidden={tab !== key}>
            <LocationPicker
              idPrefix={key}
              names={{ lat: `${key}Lat`, lng: `${key}Lng`, address: `${key}Address` }}
              defaultValue={result ? sentPlace(fields, key) : places[key]}
              errors={{
                lat: fields[`${key}Lat`].errors,
                lng: fields[`${key}Lng`].errors,
                address: fields[`${key}Address`].errors,
              }}
              onChange={() => setChosen((state) => ({ ...state, [key]: true }))}
              addressHint={t("auth:locations.addressHint")}
            />
          </section>
        ))}
        <button type="submit" className="btn-primary w-full" disabled={saving}>
          {saving ? t("auth:locations.saving") : label}
        </button>
      </Form>
      <p className="mt-4 text-center text-sm">
        <Link to="/" className="link tap">
          {complete ? t("auth:locations.backToFeed") : t("auth:locations.skip")}
        </Link>
      </p>
    </AuthCard>
  );
}
