import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useState } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/profile";
import { readForm, parseForm } from "~/http/form.server";
import { FieldErrors, FormErrors, TextField } from "~/components/forms";
import { AVATARS, DEFAULT_AVATARS, avatarFor, badgeFor } from "~/lib/avatars";
import { avatarName, scoreText } from "~/components/reports/standing-words";
import { useHydrated } from "~/browser/hydrated";
import { useLanguage, useRootData } from "~/browser/root-data";
import { LiteModeSwitch } from "~/components/shell/lite-mode";
import { LanguageSwitch } from "~/components/shell/language-switch";
import { isFailedRequest } from "~/lib/failed-request";
import { UNKNOWN_ACTION } from "~/lib/intents";
import { guardRequest } from "~/browser/request-guard";
import { formatAmount } from "~/lib/money";
import { displayName } from "~/lib/names";
import type { Toast } from "~/lib/toast";
import { requireUser } from "~/http/auth.server";
import { PERIODS, type Period } from "~/lib/calendar";
import { userStats } from "~/models/stats.server";
import { redirectWithToast } from "~/http/toast.server";
import { approximatePlaces, updateAvatar, updateProfile } from "~/models/user.server";
import { avatarSchema, editProfileSchema, updateLocationsSchema } from "~/models/user.schema";
import { Icon } from "~/components/icon";
import { metaTitle, useT } from "~/browser/i18n";
import { pageMessages, requestTranslator } from "~/http/language.server";
import type { MessageKey } from "~/locales/namespaces";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: metaTitle(matches, "people:profile.pageTitle") }];

type ProfilePanel = "edit-profile" | "update-locations" | "choose-avatar";

const STAT_TABS: Record<Period, MessageKey> = {
  today: "people:profile.statsToday",
  week: "people:profile.statsWeek",
  month: "people:profile.statsMonth",
  all: "people:profile.statsAll",
};

export async function loader(args: Route.LoaderArgs) {
  const user = requireUser(args);
  const params = new URL(args.request.url).searchParams;
  const panel: ProfilePanel | null =
    params.get("editProfile") === "true"
      ? "edit-profile"
      : params.get("updateLocations") === "true"
        ? "update-locations"
        : params.get("chooseAvatar") === "true"
          ? "choose-avatar"
          : null;
  const requested = params.get("stats");
  const period: Period = (PERIODS as readonly string[]).includes(requested ?? "") ? (requested as Period) : "today";
  return {
    user,
    panel,
    period,
    stats: await userStats(user),
    approximate: await approximatePlaces(user.id),
    messages: pageMessages(args.context, "people", "reports"),
  };
}

/** The three dialogs post here, named by `intent` (their Save button's value); any other intent answers 400. */
export async function action(args: Route.ActionArgs) {
  const user = requireUser(args);
  const form = await readForm(args.request);
  const intent = form.get("intent");
  const t = requestTranslator(args.context, "people");
  switch (intent) {
    case "choose-avatar": {
      const submission = parseForm(form, avatarSchema);
      if (submission.status !== "success") return data({ intent, result: submission.reply() }, { status: 400 });
      await updateAvatar(user.id, submission.value.selectedAvatar);
      return redirectWithToast("/profile", { title: t("people:profile.avatarUpdated") });
    }
    case "edit-profile":
    case "update-locations": {
      const schema = intent === "update-locations" ? updateLocationsSchema : editProfileSchema;
      const submission = parseForm(form, schema);
      if (submission.status !== "success") return data({ intent, result: submission.reply() }, { status: 400 });
      // An emptied field clears the value.
      const cleared = Object.fromEntries(Object.keys(schema.shape).map((key) => [key, null]));
      await updateProfile(user.id, { ...cleared, ...submission.value });
      return redirectWithToast("/profile", {
        title:
          intent === "update-locations" ? t("people:profile.locationsUpdated") : t("people:profile.profileUpdated"),
      });
    }
    default:
      return data({ intent: null, error: UNKNOWN_ACTION }, { status: 400 });
  }
}

/** The notice for a form whose request failed on the way, by its intent. */
const FAILURES: Record<ProfilePanel, (reason: string) => Toast> = {
  "edit-profile": (reason: string) => ({
    type: "error",
    title: "common:notice.error",
    description: "people:profile.updateFailed",
    values: { reason },
  }),
  "update-locations": (reason: string) => ({
    type: "error",
    title: "common:notice.error",
    description: "people:profile.locationsFailed",
    values: { reason },
  }),
  "choose-avatar": () => ({
    type: "error",
    title: "people:profile.avatarFailedTitle",
    description: "people:profile.avatarFailed",
  }),
};

export const clientAction = (args: Route.ClientActionArgs) =>
  guardRequest(args, (form, reason) => {
    const intent = String(form.get("intent"));
    return (intent in FAILURES ? FAILURES[intent as ProfilePanel] : FAILURES["edit-profile"])(reason);
  });

export default function Profile({ loaderData, actionData }: Route.ComponentProps) {
  const { user, panel, period, stats, approximate } = loaderData;
  const answer = isFailedRequest(actionData) ? undefined : actionData;
  const avatar = avatarFor(user.selectedAvatar);
  const badge = badgeFor(user.currentBadge);
  const lite = Boolean(useRootData()?.lite);
  const language = useLanguage();
  const t = useT();
  return (
    <div className="space-y-4">
      {/* An action no form of this page sends. */}
      {answer?.intent === null ? <FormErrors errors={[answer.error]} /> : null}
      {panel === "choose-avatar" ? (
        <AvatarPicker
          current={user.selectedAvatar}
          result={answer?.intent === "choose-avatar" ? answer.result : undefined}
        />
      ) : panel ? (
        <ProfileForm
          key={panel}
          intent={panel}
          user={user}
          result={answer?.intent === panel ? answer.result : undefined}
        />
      ) : null}
      <section className="card flex items-center gap-4">
        <Link
          to="?chooseAvatar=true"
          className={`flex size-16 shrink-0 items-center justify-center rounded-full text-3xl ${avatar.colors.background}`}
          aria-label={t("people:profile.changeAvatar", { avatar: avatarName(user.selectedAvatar, t) })}
        >
          {avatar.emoji}
        </Link>
        <div className="min-w-0">
          <h1 className="text-xl font-bold">
            {displayName(user)} {badge ? <span title={avatarName(user.currentBadge, t)}>{badge.emoji}</span> : null}
          </h1>
          <p className="text-sm text-gray-11">
            <bdi dir="ltr">@{user.username}</bdi>
          </p>
          <p className="text-sm text-gray-11">
            <bdi dir="ltr">{user.email}</bdi>
          </p>
          {user.team ? (
            <p className="text-xs text-gray-11" data-testid="profile-team">
              {t("people:profile.team", { team: user.team.name })}
            </p>
          ) : null}
        </div>
      </section>

      <StatsCard period={period} stats={stats} />

      <section className="card space-y-3">
        <h2 className="font-semibold">{t("people:profile.details")}</h2>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
          <dt className="text-gray-11">{t("people:profile.phone")}</dt>
          <dd>{user.phone ? <bdi dir="ltr">{user.phone}</bdi> : t("people:profile.notSet")}</dd>
          <dt className="text-gray-11">{t("people:profile.home")}</dt>
          <dd>
            {user.homeAddress || t("people:profile.notSet")}
            {approximate.home ? <ApproximateNote /> : null}
          </dd>
          <dt className="text-gray-11">{t("people:profile.warehouse")}</dt>
          <dd>
            {user.warehouseAddress || t("people:profile.notSet")}
            {approximate.warehouse ? <ApproximateNote /> : null}
          </dd>
        </dl>
      </section>

      <section className="card p-0" aria-labelledby="settings-title">
        <h2 id="settings-title" className="px-4 pt-4 font-semibold">
          {t("people:profile.settings")}
        </h2>
        <ul className="mt-2 divide-y divide-gray-4">
          <SettingsItem
            to="?chooseAvatar=true"
            icon={<Icon name="face-slightly-smiling" size={18} />}
            label={t("people:profile.chooseAvatar")}
          />
          <SettingsItem
            to="?editProfile=true"
            icon={<Icon name="user-pen" size={18} />}
            label={t("people:profile.editProfile")}
          />
          <SettingsItem
            to="?updateLocations=true"
            icon={<Icon name="map-pin" size={18} />}
            label={t("people:profile.updateLocations")}
          />
          <SettingsItem
            to="/location-setup"
            icon={<Icon name="map" size={18} />}
            label={t("people:profile.setOnMap")}
          />
          <SettingsItem
            to="/notifications"
            icon={<Icon name="bell" size={18} />}
            label={t("people:profile.notifications")}
          />
          <SettingsItem
            to="/profile/tokens"
            icon={<Icon name="key-round" size={18} />}
            label={t("people:profile.apiTokens")}
          />
          <li className="px-4 py-3">
            <LiteModeSwitch lite={lite} redirectTo="/profile" />
          </li>
          <li className="px-4 py-3">
            <LanguageSwitch current={language} redirectTo="/profile" />
          </li>
        </ul>
      </section>
    </div>
  );
}

function SettingsItem({ to, icon, label }: { to: string; icon: React.ReactNode; label: string }) {
  return (
    <li>
      <Link to={to} className="flex items-center gap-3 px-4 py-3 hover:bg-gray-2">
        <span className="text-gray-11">{icon}</span>
        <span className="flex-1">{label}</span>
        <Icon name="chevron-right" size={16} className="text-gray-10 rtl:-scale-x-100" />
      </Link>
    </li>
  );
}

/** A place found from its typed address, not pinned: where to set the pin. */
function ApproximateNote() {
  const t = useT();
  return (
    <span className="block text-warning-11">
      {t("people:profile.approximate")}{" "}
      <Link to="/location-setup" className="link">
        {t("people:profile.setOnMap")}
      </Link>
    </span>
  );
}

type Stats = Route.ComponentProps["loaderData"]["stats"];

function StatsCard({ period, stats }: { period: Period; stats: Stats }) {
  const t = useT();
  const figures = stats[period];
  // Each figure: its name for tests and scripts (data-stat), its label, its value.
  const items: Array<[string, MessageKey, string]> = [
    ["posts", "people:profile.statPosts", String(figures.posts)],
    ["visits", "people:profile.statVisits", String(figures.visits)],
    ["sales", "people:profile.statSales", formatAmount(figures.sales)],
    ["recovery", "people:profile.statRecovery", formatAmount(figures.recovery)],
    ["distance", "people:profile.statDistance", t("people:profile.km", { distance: figures.distance })],
    ["hours", "people:profile.statHours", t("people:profile.hours", { hours: figures.hours })],
    ["dealers", "people:profile.statDealers", String(figures.dealers)],
  ];
  return (
    <section className="card space-y-3" aria-labelledby="stats-title">
      <div className="flex items-center justify-between gap-2">
        <h2 id="stats-title" className="font-semibold">
          {t("people:profile.performance")}
        </h2>
        <p className="text-xs text-gray-11" data-testid="profile-score">
          {t("people:profile.score", { score: scoreText(stats.currentPerformanceScore, t) })} ·{" "}
          {stats.performanceRank
            ? t("people:profile.rank", { rank: stats.performanceRank })
            : t("people:profile.notRanked")}
        </p>
      </div>
      <nav
        aria-label={t("people:profile.statsPeriod")}
        className="grid grid-cols-4 gap-1 rounded-lg bg-gray-3 p-1 text-sm"
      >
        {PERIODS.map((key) => (
          <Link
            key={key}
            to={key === "today" ? "/profile" : `/profile?stats=${key}`}
            preventScrollReset
            replace
            aria-current={key === period ? "page" : undefined}
            className={`tap rounded-md text-center ${key === period ? "bg-white font-semibold shadow-sm" : "text-gray-11"}`}
          >
            {t(STAT_TABS[key])}
          </Link>
        ))}
      </nav>
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4" data-testid="profile-stats" data-period={period}>
        {items.map(([name, label, value]) => (
          <div key={name} className="rounded-lg bg-gray-2 p-2">
            <dt className="text-xs text-gray-11">{t(label)}</dt>
            <dd className="font-semibold tabular-nums" data-stat={name}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function AvatarPicker({ current, result }: { current: string; result: FormResult | undefined }) {
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const t = useT();
  const initial = (DEFAULT_AVATARS as readonly string[]).includes(current) ? current : "DEFAULT_1";
  const [choice, setChoice] = useState(initial);
  const [form, fields] = useForm<{ selectedAvatar: string }>({ id: "choose-avatar", lastResult: result });
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "choose-avatar";
  // Without JavaScript the button stays enabled: the server ignores an unchanged choice.
  const disabled = hydrated && (choice === current || saving);
  return (
    <section className="card" aria-labelledby="avatar-title">
      <h2 id="avatar-title" className="mb-1 text-lg font-semibold">
        {t("people:profile.chooseAvatar")}
      </h2>
      <p className="mb-3 text-sm text-gray-11">{t("people:profile.badgesNote")}</p>
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <FormErrors errors={form.errors} />
        <fieldset>
          <legend className="sr-only">{t("people:profile.avatar")}</legend>
          <div className="grid grid-cols-5 gap-2" data-testid="avatar-grid">
            {DEFAULT_AVATARS.map((type) => {
              const entry = AVATARS[type];
              return (
                <label key={type} className="flex cursor-pointer flex-col items-center gap-1 text-center">
                  <input
                    type="radio"
                    name={fields.selectedAvatar.name}
                    value={type}
                    defaultChecked={type === initial}
                    onChange={() => setChoice(type)}
                    className="peer sr-only"
                    aria-label={avatarName(type, t)}
                  />
                  <span className={`${AVATAR_CHOICE} ${entry.colors.background}`} aria-hidden>
                    {entry.emoji}
                  </span>
                  <span className="text-[10px] leading-tight text-gray-11">{avatarName(type, t)}</span>
                </label>
              );
            })}
          </div>
          <FieldErrors id={fields.selectedAvatar.errorId} errors={fields.selectedAvatar.errors} />
        </fieldset>
        <div className="flex gap-2">
          <button type="submit" name="intent" value="choose-avatar" className="btn-primary flex-1" disabled={disabled}>
            {saving ? t("people:profile.saving") : t("people:profile.save")}
          </button>
          <Link to="/profile" className="btn-secondary">
            {t("people:profile.cancel")}
          </Link>
        </div>
      </Form>
    </section>
  );
}

const AVATAR_CHOICE = [
  "flex size-12 items-center justify-center rounded-full text-2xl ring-offset-2",
  "peer-checked:ring-2 peer-checked:ring-accent-9 peer-focus-visible:ring-2 peer-focus-visible:ring-accent-7",
].join(" ");

type ProfileUser = Route.ComponentProps["loaderData"]["user"];
type FormResult = Extract<NonNullable<Route.ComponentProps["actionData"]>, { intent: ProfilePanel }>["result"];

function ProfileForm({
  intent,
  user,
  result,
}: {
  intent: "edit-profile" | "update-locations";
  user: ProfileUser;
  result: FormResult | undefined;
}) {
  const navigation = useNavigation();
  const t = useT();
  const [form, fields] = useForm({
    id: intent,
    lastResult: result,
    defaultValue: {
      firstName: user.firstName ?? "",
      lastName: user.lastName ?? "",
      phone: user.phone ?? "",
      homeAddress: user.homeAddress ?? "",
      warehouseAddress: user.warehouseAddress ?? "",
    },
    shouldValidate: "onBlur",
    onValidate: ({ formData }) =>
      intent === "update-locations"
        ? parseWithZod(formData, { schema: updateLocationsSchema })
        : parseWithZod(formData, { schema: editProfileSchema }),
  });
  const saving = navigation.state === "submitting";
  return (
    <section className="card">
      <h2 className="mb-3 text-lg font-semibold">
        {intent === "update-locations" ? t("people:profile.updateLocations") : t("people:profile.editProfile")}
      </h2>
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <FormErrors errors={form.errors} />
        {intent === "edit-profile" ? (
          <>
            <TextField label={t("people:profile.firstName")} field={fields.firstName} autoComplete="given-name" />
            <TextField label={t("people:profile.lastName")} field={fields.lastName} autoComplete="family-name" />
            <TextField label={t("people:profile.phone")} field={fields.phone} type="tel" autoComplete="tel" dir="ltr" />
          </>
        ) : null}
        <TextField label={t("people:profile.homeAddress")} field={fields.homeAddress} />
        <TextField label={t("people:profile.warehouseAddress")} field={fields.warehouseAddress} />
        <div className="flex gap-2">
          <button type="submit" name="intent" value={intent} className="btn-primary flex-1" disabled={saving}>
            {saving ? t("people:profile.saving") : t("people:profile.save")}
          </button>
          <Link to="/profile" className="btn-secondary">
            {t("people:profile.cancel")}
          </Link>
        </div>
      </Form>
    </section>
  );
}
