import { IMPORT_TEMPLATE_PATH } from "~/lib/dealer-import";
import { Icon } from "~/components/icon";
import { RichMessage, useT } from "~/browser/i18n";

/** What an import file holds, in plain words (its columns named as the file names them), with the template to fill in. */
export function ImportHelp() {
  const t = useT();
  return (
    <div className="space-y-2 text-sm text-gray-11">
      {/* The file's column names are its format: they stay as the file must have them. */}
      <p>
        <RichMessage id="dealers:import.help" components={{ 0: <code /> }} />
      </p>
      <a href={IMPORT_TEMPLATE_PATH} download className="btn-secondary w-full">
        <Icon name="download" size={16} /> {t("dealers:import.downloadTemplate")}
      </a>
    </div>
  );
}
