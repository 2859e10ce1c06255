import { Link } from "react-router";
import { useT } from "~/browser/i18n";
import type { MessageKey } from "~/locales/namespaces";
import type { FirstRunSteps } from "~/models/home.schema";

const STEPS: Array<{ key: keyof FirstRunSteps; label: MessageKey; to: string }> = [
  { key: "locations", label: "feed:gettingStarted.locations", to: "/location-setup" },
  { key: "post", label: "feed:gettingStarted.post", to: "/new-post" },
  { key: "dealer", label: "feed:gettingStarted.dealer", to: "/add-dealer" },
];

/** A new officer's first steps; the feed stops showing it once all three are done. */
export function GettingStarted({ steps }: { steps: FirstRunSteps }) {
  const t = useT();
  const done = STEPS.filter(({ key }) => steps[key]).length;
  return (
    <section className="card space-y-2 py-3" aria-labelledby="getting-started-title" data-testid="getting-started">
      <div className="flex items-baseline justify-between gap-2">
        <h2 id="getting-started-title" className="font-semibold">
          {t("feed:gettingStarted.title")}
        </h2>
        <p className="text-sm text-gray-11">{t("feed:gettingStarted.progress", { done, total: STEPS.length })}</p>
      </div>
      <ol className="divide-y divide-gray-4">
        {STEPS.map(({ key, label, to }) => (
          <li key={key} data-done={steps[key] || undefined}>
            {steps[key] ? (
              <p className="flex min-h-11 items-center gap-3 text-gray-11">
                <span
                  className="flex size-6 shrink-0 items-center justify-center rounded-full bg-accent-9 text-sm text-white"
                  aria-hidden
                >
                  ✓
                </span>
                <span className="line-through">{t(label)}</span>
                <span className="sr-only">{t("feed:gettingStarted.done")}</span>
              </p>
            ) : (
              <Link to={to} className="flex min-h-11 items-center gap-3 font-medium text-accent-11">
                <span className="size-6 shrink-0 rounded-full border-2 border-gray-7" aria-hidden />
                {t(label)}
              </Link>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
