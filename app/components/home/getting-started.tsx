import { Link } from "react-router";
import type { FirstRunSteps } from "~/models/home.schema";

const STEPS: Array<{ key: keyof FirstRunSteps; label: string; to: string }> = [
  {
    key: "locations",
    label: "Set your home and warehouse locations",
    to: "/location-setup",
  },
  { key: "post", label: "Post your first activity", to: "/new-post" },
  { key: "dealer", label: "Add your first dealer", to: "/add-dealer" },
];

/** A new officer's first steps; the feed stops showing it once all three are done. */
export function GettingStarted({ steps }: { steps: FirstRunSteps }) {
  const done = STEPS.filter(({ key }) => steps[key]).length;
  return (
    <section className="card space-y-2 py-3" aria-labelledby="getting-started-title" data-testid="getting-started">
      <div className="flex items-baseline justify-between gap-2">
        <h2 id="getting-started-title" className="font-semibold">
          Getting started
        </h2>
        <p className="text-sm text-gray-11">
          {done} of {STEPS.length} done
        </p>
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
                <span className="line-through">{label}</span>
                <span className="sr-only">(done)</span>
              </p>
            ) : (
              <Link to={to} className="flex min-h-11 items-center gap-3 font-medium text-accent-11">
                <span className="size-6 shrink-0 rounded-full border-2 border-gray-7" aria-hidden />
                {label}
              </Link>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
