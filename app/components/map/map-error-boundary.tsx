import { Component, type ReactNode } from "react";
import { useT } from "~/browser/i18n";

type Props = {
  children: ReactNode;
  /** What still works without the map, said under the failure. */
  note: string;
  /** The map's height, kept by the failure's box: a Tailwind class. */
  heightClass: string;
};

/**
 * A map whose code or data could not load (a dropped request on a flaky line): "Map Error" and the
 * spec's "Failed to load dealer map: {reason}" in the map's place, and the rest of the page stays.
 */
export class MapErrorBoundary extends Component<Props, { error: unknown }> {
  override state = { error: null as unknown };
  static getDerivedStateFromError(error: unknown) {
    return { error: error ?? "Unknown error" };
  }
  override render() {
    if (this.state.error === null) return this.props.children;
    const reason = this.state.error instanceof Error ? this.state.error.message : String(this.state.error);
    return (
      <div
        role="alert"
        className={`card flex ${this.props.heightClass} flex-col items-center justify-center space-y-1 text-center`}
      >
        <MapErrorWords reason={reason} />
        <p className="text-sm text-gray-11">{this.props.note}</p>
      </div>
    );
  }
}

function MapErrorWords({ reason }: { reason: string }) {
  const t = useT();
  return (
    <>
      <p className="font-semibold text-danger-11">{t("map:error.title")}</p>
      <p className="text-sm break-words text-gray-11">{t("map:error.failed", { reason })}</p>
    </>
  );
}
