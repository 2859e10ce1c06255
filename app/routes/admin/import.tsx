import { Form, useNavigation } from "react-router";
import { parseId } from "~/lib/ids";
import type { Route } from "./+types/import";
import { AdminErrorView } from "~/components/access-denied";
import { ImportResults } from "~/components/dealers/import-results";
import { importNotice } from "~/lib/dealer-import";
import { guardRequest } from "~/browser/request-guard";
import { requireAllowed } from "~/http/auth.server";
import { getImportRecord, importSampleFile } from "~/models/dealer-import.server";
import { redirectWithToast } from "~/http/toast.server";
import { Icon } from "~/components/icon";
import { metaTitle, RichMessage, useT } from "~/browser/i18n";
import { pageMessages } from "~/http/language.server";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: metaTitle(matches, "admin:import.pageTitle") }];

export async function loader(args: Route.LoaderArgs) {
  const user = await requireAllowed(args, "dealers.importSample");
  const resultId = parseId(new URL(args.request.url).searchParams.get("result"));
  return {
    result: resultId ? await getImportRecord(resultId, user.id) : null,
    // The results' words are the dealers' import's.
    messages: pageMessages(args.context, "admin", "dealers"),
  };
}

export async function action(args: Route.ActionArgs) {
  const user = await requireAllowed(args, "dealers.importSample");
  const result = await importSampleFile(user.id);
  // The results are below the fold on a phone: the page opens on them.
  return redirectWithToast(`/admin/import?result=${result.importId}#import-results`, importNotice(result));
}

export const clientAction = (args: Route.ClientActionArgs) =>
  guardRequest(args, () => ({
    type: "error",
    title: "dealers:import.importFailed",
    description: "common:failed.importDealers",
  }));

export default function AdminImport({ loaderData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const importing = navigation.state === "submitting";
  const t = useT();
  return (
    <div className="space-y-4">
      <h1 className="text-xl font-bold">{t("admin:import.title")}</h1>
      <div role="note" className="flex gap-3 rounded-lg border border-warning-11 bg-warning-3 p-3 text-warning-11">
        <Icon name="triangle-exclamation-point" size={20} className="shrink-0" />
        <div>
          <p className="font-semibold">{t("admin:import.warning")}</p>
          <p className="text-sm">{t("admin:import.warningText")}</p>
        </div>
      </div>
      <section className="card space-y-2 text-sm">
        <h2 className="text-base font-semibold">{t("admin:import.details")}</h2>
        <ul className="list-disc space-y-1 ps-5">
          <li>
            <RichMessage id="admin:import.file" components={{ 0: <code dir="ltr" /> }} />
          </li>
          <li>{t("admin:import.dealers")}</li>
          <li>{t("admin:import.rows")}</li>
          <li>{t("admin:import.duplicates")}</li>
        </ul>
      </section>
      <Form method="post">
        <button type="submit" className="btn-primary w-full" disabled={importing}>
          {importing ? t("admin:import.importing") : t("admin:import.submit")}
        </button>
      </Form>
      {loaderData.result ? (
        <div className="card">
          <ImportResults result={loaderData.result} errorLimit={5} skippedApart={false} />
        </div>
      ) : null}
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorView error={error} failedMessage="common:failed.importDealers" />;
}
