import { data, Form, Link } from "react-router";
import type { Route } from "./+types/targets";
import { AdminErrorView } from "~/components/access-denied";
import { ProgressList } from "~/components/targets/progress-list";
import { periodName } from "~/components/targets/period-name";
import { daysLeftText, MEASURE_KEYS } from "~/components/targets/target-words";
import { metaTitle, useT } from "~/browser/i18n";
import { guardRequest } from "~/browser/request-guard";
import { useLanguage, usePublicEnv } from "~/browser/root-data";
import { requireAllowed } from "~/http/auth.server";
import { languageContext } from "~/http/context";
import { pageMessages, requestTranslator, said } from "~/http/language.server";
import { formCall, pageCall, readForm } from "~/http/form.server";
import { targetPageQuery } from "~/http/target-query.server";
import { redirectWithToast } from "~/http/toast.server";
import { appDate } from "~/infra/clock.server";
import type { AppError } from "~/lib/app-error";
import { isFailedRequest } from "~/lib/failed-request";
import { UNKNOWN_ACTION } from "~/lib/intents";
import { centsToDecimal } from "~/lib/money";
import { namesInList } from "~/lib/names";
import { MONEY_MEASURES, TARGET_MEASURES } from "~/lib/target-measures";
import { TARGET_IMPORT_PATH } from "~/lib/target-import";
import { monthOf, nextPeriod, previousPeriod, seasonOf } from "~/lib/target-period";
import { copyTargets, setTargets, targetsToSet } from "~/models/targets.server";
import { targetCopySchema, targetRowSchema, type OfficerTargets } from "~/models/targets.schema";

// Setting targets (decision 84): a manager for the officers of the teams they lead, an admin for
// everyone. One plain form per officer (every measure of the period at once), and "copy last
// period's" with a percentage; both work without JavaScript.

export const meta: Route.MetaFunction = ({ matches }) => [{ title: metaTitle(matches, "targets:page.pageTitle") }];

export async function loader(args: Route.LoaderArgs) {
  const user = await requireAllowed(args, "targets.set");
  const { period, team } = targetPageQuery(args.request);
  const progress = await pageCall(() => targetsToSet(user, { period, team }));
  const today = appDate();
  const t = requestTranslator(args.context, "targets");
  const language = args.context.get(languageContext);
  // The periods a manager sets most: the months around this one and this season and the next.
  const choices = [
    ...new Set([
      previousPeriod(monthOf(today)),
      monthOf(today),
      nextPeriod(monthOf(today)),
      seasonOf(today),
      nextPeriod(seasonOf(today)),
      period,
    ]),
  ].map((value) => ({ value, label: periodName(value, t, language) }));
  return { progress, team: team ?? null, choices, messages: pageMessages(args.context, "targets") };
}

type Reply = {
  intent: string;
  officerId?: number;
  error: string;
  errors: Record<string, string>;
  values?: Record<string, string>;
};

function refuse(reply: Reply, status: number) {
  return data(reply, { status });
}

/** A model's refusal in the reader's language: on the form, and on its field when it names one. */
function refusalOf(error: AppError): Pick<Reply, "error" | "errors"> {
  const message = said(error.message, error.values);
  return { error: message, errors: error.field ? { [error.field]: message } : {} };
}

/** The form's fields but its intent, as typed. */
function typed(form: FormData): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [name, value] of form) if (name !== "intent") fields[name] = typeof value === "string" ? value : "";
  return fields;
}

/** `intent=set`: one officer's targets for the period; `intent=copy`: last period's with a percentage. */
export async function action(args: Route.ActionArgs) {
  const user = await requireAllowed(args, "targets.set");
  const form = await readForm(args.request);
  const intent = String(form.get("intent") ?? "");
  const values = typed(form);
  const t = requestTranslator(args.context, "targets");
  const language = args.context.get(languageContext);
  const back = (period: string, team: number | undefined) =>
    `/targets?${new URLSearchParams({ period, ...(team === undefined ? {} : { team: String(team) }) })}`;
  switch (intent) {
    case "set": {
      const officerId = Number(values.officerId) || undefined;
      const parsed = targetRowSchema.safeParse(values);
      if (!parsed.success) {
        const errors = Object.fromEntries(
          parsed.error.issues.map((issue) => [String(issue.path[0] ?? ""), said(issue.message)]),
        );
        return refuse({ intent, officerId, error: said(parsed.error.issues[0]?.message ?? ""), errors, values }, 400);
      }
      const row = parsed.data;
      return formCall(
        async () => {
          await setTargets(user, row.officerId, row.period, row.values);
          const team = Number(new URL(args.request.url).searchParams.get("team")) || undefined;
          return redirectWithToast(back(row.period, team), {
            title: t("targets:page.saved"),
            description: periodName(row.period, t, language),
          });
        },
        (error) => refuse({ intent, officerId, ...refusalOf(error), values }, error.status),
      );
    }
    case "copy": {
      const parsed = targetCopySchema.safeParse(values);
      if (!parsed.success) {
        const errors = Object.fromEntries(
          parsed.error.issues.map((issue) => [String(issue.path[0] ?? ""), said(issue.message)]),
        );
        return refuse({ intent, error: said(parsed.error.issues[0]?.message ?? ""), errors, values }, 400);
      }
      const copy = parsed.data;
      return formCall(
        async () => {
          const officers = await copyTargets(user, copy);
          return redirectWithToast(back(copy.period, copy.team), {
            title: t("targets:page.copied"),
            description: t("targets:page.copiedDescription", {
              count: officers,
              period: periodName(previousPeriod(copy.period), t, language),
            }),
          });
        },
        (error) => refuse({ intent, ...refusalOf(error), values }, error.status),
      );
    }
    default:
      return refuse({ intent, error: UNKNOWN_ACTION, errors: {} }, 400);
  }
}

export const clientAction = (args: Route.ClientActionArgs) =>
  guardRequest(args, () => ({ type: "error", title: "common:failed.targetsSave" }));

function Alert({ message }: { message: string }) {
  return (
    <p role="alert" className="rounded-lg border border-danger-9 bg-danger-3 p-3 text-sm text-danger-11">
      {message}
    </p>
  );
}

/** A target as its field shows it: an amount for money, a whole number otherwise, empty for none. */
function fieldValue(person: OfficerTargets, measure: (typeof TARGET_MEASURES)[number]): string {
  const value = person.targets[measure];
  if (value === null) return "";
  return MONEY_MEASURES.has(measure) ? centsToDecimal(value) : String(value);
}

export default function Targets({ loaderData, actionData }: Route.ComponentProps) {
  const { progress, team, choices } = loaderData;
  const { CURRENCY_SYMBOL: currency } = usePublicEnv();
  const t = useT();
  const language = useLanguage();
  const reply = isFailedRequest(actionData) ? undefined : actionData;
  const copyReply = reply?.intent === "copy" ? reply : undefined;
  const nameOf = namesInList(progress.people);
  const importQuery = new URLSearchParams({
    period: progress.period,
    ...(team === null ? {} : { team: String(team) }),
  });
  return (
    <div className="space-y-4">
      <header className="space-y-1">
        <h1 className="text-xl font-bold">{t("targets:page.title")}</h1>
        <p className="text-sm text-gray-11">
          {t("targets:page.intro", {
            period: periodName(progress.period, t, language),
            daysLeft: daysLeftText(progress.daysLeft, t),
          })}
        </p>
      </header>

      <Form method="get" className="card flex flex-wrap items-end gap-2">
        {team === null ? null : <input type="hidden" name="team" value={team} />}
        <label className="flex-1 space-y-1 text-sm">
          <span className="font-medium">{t("targets:page.period")}</span>
          <select name="period" defaultValue={progress.period} className="field-input">
            {choices.map((choice) => (
              <option key={choice.value} value={choice.value}>
                {choice.label}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="btn-secondary">
          {t("targets:page.show")}
        </button>
      </Form>

      {/* A refusal no form on the page shows: an unknown intent, or a row for an officer not listed. */}
      {reply &&
      reply.intent !== "copy" &&
      (reply.intent !== "set" || !progress.people.some((person) => person.id === reply.officerId)) ? (
        <Alert message={reply.error} />
      ) : null}

      <section className="card space-y-2" aria-labelledby="copy-title">
        <h2 id="copy-title" className="font-semibold">
          {t("targets:page.copyTitle")}
        </h2>
        <p className="text-sm text-gray-11">
          {t("targets:page.copyIntro", { period: periodName(previousPeriod(progress.period), t, language) })}
        </p>
        <Form method="post" className="flex flex-wrap items-end gap-2">
          <input type="hidden" name="intent" value="copy" />
          <input type="hidden" name="period" value={progress.period} />
          {team === null ? null : <input type="hidden" name="team" value={team} />}
          <label className="flex-1 space-y-1 text-sm">
            <span className="font-medium">{t("targets:page.percentage")}</span>
            <input
              name="percent"
              inputMode="numeric"
              dir="ltr"
              defaultValue={copyReply?.values?.percent ?? "0"}
              aria-invalid={copyReply?.errors.percent ? true : undefined}
              className="field-input"
            />
          </label>
          <button type="submit" className="btn-primary">
            {t("targets:page.copySubmit")}
          </button>
        </Form>
        {copyReply ? <Alert message={copyReply.error} /> : null}
      </section>

      {progress.people.length === 0 ? (
        <p className="card text-center text-gray-11">{t("targets:page.noOfficers")}</p>
      ) : (
        <ul className="space-y-3" aria-label={t("targets:page.officersLabel")}>
          {progress.people.map((person) => {
            const own = reply?.intent === "set" && reply.officerId === person.id ? reply : undefined;
            const name = nameOf(person);
            return (
              <li key={person.id} className="card space-y-3" data-officer-id={person.id}>
                <h2 className="font-semibold">
                  {name}
                  {person.team ? <span className="font-normal text-gray-11"> · {person.team.name}</span> : null}
                </h2>
                <ProgressList
                  progress={person.progress}
                  currency={currency}
                  label={t("targets:page.progressOf", { name })}
                />
                <Form method="post" className="space-y-2" aria-label={t("targets:page.targetsOf", { name })}>
                  <input type="hidden" name="intent" value="set" />
                  <input type="hidden" name="officerId" value={person.id} />
                  <input type="hidden" name="period" value={progress.period} />
                  {own ? <Alert message={own.error} /> : null}
                  <div className="grid grid-cols-2 gap-2">
                    {TARGET_MEASURES.map((measure) => (
                      <label key={measure} className="space-y-1 text-sm">
                        <span>{t(MEASURE_KEYS[measure])}</span>
                        <input
                          name={measure}
                          inputMode={MONEY_MEASURES.has(measure) ? "decimal" : "numeric"}
                          dir="ltr"
                          defaultValue={own?.values?.[measure] ?? fieldValue(person, measure)}
                          aria-invalid={own?.errors[measure] ? true : undefined}
                          className="field-input"
                        />
                      </label>
                    ))}
                  </div>
                  <button type="submit" className="btn-primary w-full">
                    {t("targets:page.saveOf", { name })}
                  </button>
                </Form>
              </li>
            );
          })}
        </ul>
      )}
      <p className="flex flex-wrap gap-x-4 text-sm">
        <Link to={`${TARGET_IMPORT_PATH}?${importQuery}`} className="link tap">
          {t("targets:page.importLink")}
        </Link>
        <Link to="/leaderboard" className="link tap">
          {t("targets:page.leaderboardLink")}
        </Link>
      </p>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorView error={error} failedMessage="common:failed.loadTargets" />;
}
