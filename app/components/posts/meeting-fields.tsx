import { useRef, useState } from "react";
import { useHydrated } from "~/browser/hydrated";
import { requestJson } from "~/browser/request-json";
import { FieldErrors } from "~/components/forms";
import { sectionProps } from "~/components/posts/new-post-fields";
import { MAX_HEAD_COUNT, NEW_FARMER_ROWS } from "~/models/meeting.schema";
import { useT } from "~/browser/i18n";

// A Farmer Meeting's people on New Post (decision 95): the head count, the farmers the team works
// with named by their phones (with JavaScript, also found by a search and picked), and new farmers
// added on the spot (without JavaScript a fixed number of empty rows; with it, one and "Add
// another farmer").

/** Picked farmers travel as `attendees[n].farmerId` from here on, after every row of new farmers. */
const PICKED_FROM = 100;

/** A Conform field, as these fields use it. */
export type MeetingField = { id: string; name: string; errors: string[] | undefined; initialValue: unknown };

const NEW_FARMER_FIELDS = [
  { key: "name", label: "posts:meeting.newFarmerName", autoComplete: "off" },
  { key: "phone", label: "posts:meeting.newFarmerPhone", inputMode: "tel", dir: "ltr" },
  { key: "village", label: "posts:meeting.newFarmerVillage" },
  { key: "tehsil", label: "posts:meeting.newFarmerTehsil" },
  { key: "district", label: "posts:meeting.newFarmerDistrict" },
  { key: "landAcres", label: "posts:meeting.newFarmerLand", inputMode: "decimal", dir: "ltr" },
] as const;

const initial = (field: MeetingField) => String(field.initialValue ?? "");

/** The rows the form sent back (a refused post keeps them all), at least `least`. */
function sentRows(field: (name: string) => MeetingField, least: number): number {
  let rows = 0;
  while (rows < 200 && NEW_FARMER_FIELDS.some(({ key }) => initial(field(`attendees[${rows}].${key}`)) !== "")) rows++;
  return Math.max(rows, least);
}

export function MeetingFields({ type, field }: { type: string; field: (name: string) => MeetingField }) {
  const hydrated = useHydrated();
  const t = useT();
  const [added, setAdded] = useState(0);
  const rows = sentRows(field, hydrated ? 1 : NEW_FARMER_ROWS) + added;
  const headCount = field("headCount");
  const phones = field("attendeePhones");
  return (
    <fieldset {...sectionProps("meeting", type, hydrated)} className="space-y-3 rounded-lg border border-gray-5 p-3">
      <legend className="px-1 text-sm font-semibold">
        {hydrated ? t("posts:meeting.legend") : t("posts:meeting.legendWithoutScripts")}
      </legend>
      <div>
        <label htmlFor={headCount.id} className="field-label">
          {t("posts:meeting.headCount")}
        </label>
        <input
          id={headCount.id}
          name={headCount.name}
          type="number"
          min={1}
          max={MAX_HEAD_COUNT}
          inputMode="numeric"
          defaultValue={initial(headCount)}
          className="field-input"
          aria-describedby={`${headCount.id}-hint`}
        />
        <p id={`${headCount.id}-hint`} className="mt-1 text-xs text-gray-11">
          {t("posts:meeting.headCountHint")}
        </p>
        <FieldErrors errors={headCount.errors} />
      </div>
      <div>
        <label htmlFor={phones.id} className="field-label">
          {t("posts:meeting.phones")}
        </label>
        <textarea
          id={phones.id}
          name={phones.name}
          rows={3}
          defaultValue={initial(phones)}
          className="field-input"
          dir="ltr"
          aria-describedby={`${phones.id}-hint`}
        />
        <p id={`${phones.id}-hint`} className="mt-1 text-xs text-gray-11">
          {t("posts:meeting.phonesHint")}
        </p>
        <FieldErrors errors={phones.errors} />
      </div>
      {hydrated ? <FarmerPicker /> : null}
      <FieldErrors errors={field("attendees").errors} />
      {Array.from({ length: rows }, (_, row) => (
        <NewFarmerRow key={row} row={row} field={field} />
      ))}
      {hydrated && rows < PICKED_FROM ? (
        <button type="button" className="btn-secondary w-full" onClick={() => setAdded((count) => count + 1)}>
          {t("posts:meeting.addAnother")}
        </button>
      ) : null}
    </fieldset>
  );
}

/** One new farmer's fields; a row left empty adds no one. */
function NewFarmerRow({ row, field }: { row: number; field: (name: string) => MeetingField }) {
  const rowField = field(`attendees[${row}]`);
  const t = useT();
  return (
    <fieldset className="space-y-2 rounded-lg bg-gray-2 p-2">
      <legend className="px-1 text-sm">{t("posts:meeting.newFarmer", { number: row + 1 })}</legend>
      <FieldErrors errors={rowField.errors} />
      <FieldErrors errors={field(`attendees[${row}].farmerId`).errors} />
      {NEW_FARMER_FIELDS.map(({ key, label, ...input }) => {
        const each = field(`attendees[${row}].${key}`);
        return (
          <div key={key}>
            <label htmlFor={each.id} className="field-label">
              {t(label, { number: row + 1 })}
            </label>
            <input
              id={each.id}
              name={each.name}
              type="text"
              defaultValue={initial(each)}
              className="field-input"
              {...input}
            />
            <FieldErrors errors={each.errors} />
          </div>
        );
      })}
    </fieldset>
  );
}

type FoundFarmer = { id: number; name: string; village: string | null };

/**
 * With JavaScript: a search over the farmers the officer's team works with (the register's, by
 * name, village or phone) whose results are picked into the meeting; a refused post keeps them
 * (the page stays, and so does this state).
 */
function FarmerPicker() {
  const [found, setFound] = useState<FoundFarmer[]>([]);
  const [failed, setFailed] = useState(false);
  const [picked, setPicked] = useState<FoundFarmer[]>([]);
  const t = useT();
  // Answers may come back out of order: only the latest search's is shown.
  const latest = useRef("");
  async function search(text: string) {
    latest.current = text;
    if (text.trim().length < 2) return setFound([]);
    try {
      const page = await requestJson<{ farmers: FoundFarmer[] }>(
        `/api/farmers?${new URLSearchParams({ query: text })}`,
      );
      if (latest.current !== text) return;
      setFound(page.farmers);
      setFailed(false);
    } catch {
      if (latest.current === text) setFailed(true);
    }
  }
  const choices = found.filter((farmer) => !picked.some((chosen) => chosen.id === farmer.id));
  return (
    <div className="space-y-2">
      <label htmlFor="meeting-farmer-search" className="field-label">
        {t("posts:meeting.findFarmer")}
      </label>
      <input
        id="meeting-farmer-search"
        type="search"
        autoComplete="off"
        placeholder={t("posts:meeting.findPlaceholder")}
        className="field-input"
        onChange={(event) => void search(event.currentTarget.value)}
      />
      {failed ? <p className="text-sm text-warning-11">{t("posts:meeting.searchFailed")}</p> : null}
      {choices.length > 0 ? (
        <ul aria-label={t("posts:meeting.found")} className="space-y-1">
          {choices.slice(0, 8).map((farmer) => (
            <li key={farmer.id}>
              <button
                type="button"
                className="btn-ghost w-full justify-start"
                disabled={picked.length >= PICKED_FROM}
                onClick={() => setPicked((chosen) => [...chosen, farmer])}
              >
                {farmer.village
                  ? t("posts:meeting.addFarmerOfVillage", { name: farmer.name, village: farmer.village })
                  : t("posts:meeting.addFarmer", { name: farmer.name })}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {picked.length > 0 ? (
        <ul aria-label={t("posts:meeting.picked")} className="space-y-1">
          {picked.map((farmer, index) => (
            <li key={farmer.id} className="flex items-center justify-between gap-2 rounded-lg bg-gray-2 px-2">
              <span>{farmer.name}</span>
              <input type="hidden" name={`attendees[${PICKED_FROM + index}].farmerId`} value={farmer.id} />
              <button
                type="button"
                className="btn-ghost px-2"
                aria-label={t("posts:form.removeNamed", { name: farmer.name })}
                onClick={() => setPicked((chosen) => chosen.filter((other) => other.id !== farmer.id))}
              >
                {t("posts:form.remove")}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
