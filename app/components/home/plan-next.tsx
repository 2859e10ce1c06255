import { useT } from "~/browser/i18n";
import type { PlanNext } from "~/models/visit-plan.schema";
import { Icon } from "~/components/icon";

/**
 * Today's plan on the officer's home, one tap from its next stop: "Next: stop 3 · 2 of 4 done"
 * (done at the dealer), or, once every stop is logged, how many were done.
 */
export function PlanNextLink({ plan }: { plan: PlanNext }) {
  const t = useT();
  const counts = { done: plan.done, planned: plan.planned };
  return (
    <a
      href={plan.next === null ? "/plan" : "/plan#next-stop"}
      className="btn-secondary w-full justify-start text-sm"
      data-testid="plan-next"
    >
      <Icon name="calendar-days" size={16} />
      {plan.next === null
        ? t("feed:planNext.allLogged", counts)
        : t("feed:planNext.next", { ...counts, stop: plan.next })}
    </a>
  );
}
