/** A home block of demo plot visits, every text written by the server. */
export type PlotVisitsView = {
  title: string;
  /** How many are overdue (the officer's), or how many of them are listed (the manager's, when not all). */
  note: string | null;
  links: Array<{ href: string; text: string; details?: string }>;
};

/**
 * Demo plot visits on the home: the officer's due and overdue count with the way to the list on
 * today's plan, or the manager's day's overdue visits, each linking to its plot. Plain links.
 */
export function PlotVisits({ title, note, links }: PlotVisitsView) {
  return (
    <section className="card space-y-1 py-3" aria-label={title}>
      <h2 className="font-semibold">{title}</h2>
      {note ? <p className="text-sm font-semibold text-danger-11">{note}</p> : null}
      <ul className="space-y-1">
        {links.map((link) => (
          <li key={link.text}>
            <a href={link.href} className="link tap">
              {link.text}
            </a>
            {link.details ? <p className="text-sm text-gray-11">{link.details}</p> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
