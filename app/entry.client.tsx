import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { loadMessages } from "~/browser/i18n";

// React Router's default entry, with StrictMode in development only: it checks nothing in a
// production build, where its bytes count against the feed's JavaScript budget.
// The page hydrates once its words have come (decision 101): the files its head preloads. Should
// one fail (offline, and never kept), the page stays as the server made it, working without scripts.
const router = <HydratedRouter />;
const words = [...document.querySelectorAll<HTMLLinkElement>("link[data-messages]")].map((link) =>
  loadMessages(link.getAttribute("href") ?? ""),
);
void Promise.all(words).then(() =>
  startTransition(() => {
    hydrateRoot(document, import.meta.env.DEV ? <StrictMode>{router}</StrictMode> : router);
  }),
);
