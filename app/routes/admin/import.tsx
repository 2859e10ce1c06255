import { Form, useNavigation } from "react-router";
import { parseId } from "~/lib/ids";
import type { Route } from "./+types/import";
import { AdminErrorView } from "~/components/access-denied";
import { ImportResults } from "~/components/dealers/import-results";
import { IMPORT_FAILED, importNotice } from "~/lib/dealer-import";
import { guardRequest } from "~/browser/request-guard";
import { requireAllowed } from "~/http/auth.server";
import { getImportRecord, importSampleFile } from "~/models/dealer-import.server";
import { redirectWithToast } from "~/http/toast.server";
import { Icon } from "~/components/icon";

export const meta: Route.MetaFunction = () => [{ title: "Admin Import · Fieldline" }];

export async function loader(args: Route.LoaderArgs) {
  const user = await requireAllowed(args, "dealers.importSample");
  const resultId = parseId(new URL(args.request.url).searchParams.get("result"));
  return { result: resultId ? await getImportRecord(resultId, user.id) : null };
}

export async function action(args: Route.ActionArgs) {
  const user = await requireAllowed(args, "dealers.importSample");
  const result = await importSampleFile(user.id);
  // The results are below the fold on a phone: the page opens on them.
  return redirectWithToast(`/admin/import?result=${result.importId}#import-results`, importNotice(result));
}

export const clientAction = (args: Route.ClientActionArgs) =>
  guardRequest(args, () => ({ type: "error", title: "Import Failed", description: IMPORT_FAILED }));

export default function AdminImport({ loaderData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const importing = navigation.state === "submitting";
  return (
    <div className="space-y-4">
      <h1 className="text-xl font-bold">Import Dealers</h1>
      <div role="note" className="flex gap-3 rounded-lg border border-warning-11 bg-warning-3 p-3 text-warning-11">
        <Icon name="triangle-exclamation-point" size={20} className="shrink-0" />
        <div>
          <p className="font-semibold">Warning</p>
          <p className="text-sm">
            This adds the 76 sample dealers to the live directory, for every user to see. Dealers already in the
            directory are skipped as duplicates, so running it twice adds nothing the second time.
          </p>
        </div>
      </div>
      <section className="card space-y-2 text-sm">
        <h2 className="text-base font-semibold">Details</h2>
        <ul className="list-disc space-y-1 pl-5">
          <li>File: the sample spreadsheet that ships with Fieldline (dealers-sample.xlsx).</li>
          <li>76 agri-input dealers in towns of all seven provinces, with real coordinates.</li>
          <li>Rows are checked with the Add Dealer rules and written in batches of 10.</li>
          <li>Duplicates (same business name and phone, or name and city without a phone) are skipped.</li>
        </ul>
      </section>
      <Form method="post">
        <button type="submit" className="btn-primary w-full" disabled={importing}>
          {importing ? "Importing..." : "Import 76 Dealers"}
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
  return <AdminErrorView error={error} failedMessage={IMPORT_FAILED} />;
}
