import type { ComponentProps, ReactNode } from "react";
import { useLocation } from "react-router";
import { RichMessage, useT } from "~/browser/i18n";
import type { LiteChoice } from "~/lib/lite-mode";

// Lite mode's switches (decision 51). Each is a plain <form>, not React Router's <Form>, even
// where scripts run: the answer must be a whole page load, so that turning Lite on drops the
// scripts at once and turning it off brings them back.

/** The page the switch is on, to come back to after it. */
function useHere(): string {
  const { pathname, search } = useLocation();
  return `${pathname}${search}`;
}

function LiteForm({
  redirectTo,
  className,
  children,
}: {
  redirectTo: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <form method="post" action={`/lite-mode?${new URLSearchParams({ redirectTo })}`} className={className}>
      {children}
    </form>
  );
}

/** The button that sends the choice (its `lite` field). */
function LiteButton({ choice, ...props }: { choice: LiteChoice } & ComponentProps<"button">) {
  return <button type="submit" name="lite" value={choice} {...props} />;
}

/** The line at the top of every Lite page: what it leaves out, and the way back in one tap. */
export function LiteModeLine() {
  const t = useT();
  return (
    <LiteForm
      redirectTo={useHere()}
      className="flex items-center gap-2 border-b border-gray-5 bg-gray-2 px-3 text-xs text-gray-12"
    >
      <p className="flex-1 py-1" data-testid="lite-mode-line">
        {t("common:liteMode.line")}
      </p>
      <LiteButton choice="off" className="tap link shrink-0 px-1 text-sm">
        {t("common:liteMode.fullApp")}
      </LiteButton>
    </LiteForm>
  );
}

/** The profile's and the Lite mode page's switch: this phone's choice, both ways. */
export function LiteModeSwitch({ lite, redirectTo }: { lite: boolean; redirectTo: string }) {
  const t = useT();
  return (
    <LiteForm redirectTo={redirectTo} className="flex items-center gap-3">
      <div className="min-w-0 flex-1">
        <p id="lite-mode-state">{lite ? t("common:liteMode.stateOn") : t("common:liteMode.stateOff")}</p>
        <p className="text-xs text-gray-11">{t("common:liteMode.explanation")}</p>
      </div>
      <LiteButton choice={lite ? "off" : "on"} className="btn-secondary shrink-0" aria-describedby="lite-mode-state">
        {lite ? t("common:liteMode.turnOff") : t("common:liteMode.turnOn")}
      </LiteButton>
    </LiteForm>
  );
}

/** On the sign-in page, for a phone too slow for the app: Lite mode before signing in. */
export function LiteModeSignIn() {
  return (
    <LiteForm redirectTo={useHere()} className="text-center text-gray-11">
      <p>
        <RichMessage id="common:liteMode.signIn" components={{ 0: <LiteButton choice="on" className="link tap" /> }} />
      </p>
    </LiteForm>
  );
}
