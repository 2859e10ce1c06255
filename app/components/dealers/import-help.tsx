import { IMPORT_COLUMNS_HELP, IMPORT_TEMPLATE_PATH } from "~/lib/dealer-import";
import { Icon } from "~/components/icon";

/** What an import file holds, in plain words, with the template to fill in. */
export function ImportHelp() {
  return (
    <div className="space-y-2 text-sm text-gray-11">
      <p>
        An Excel file (.xlsx or .xls, at most 10MB), one dealer a row. {IMPORT_COLUMNS_HELP} Dealers already in the
        directory are skipped.
      </p>
      <a href={IMPORT_TEMPLATE_PATH} download className="btn-secondary w-full">
        <Icon name="download" size={16} /> Download the template
      </a>
    </div>
  );
}
