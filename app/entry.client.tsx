import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";

// React Router's default entry, with StrictMode in development only: it checks nothing in a
// production build, where its bytes count against the feed's JavaScript budget.
const router = <HydratedRouter />;
startTransition(() => {
  hydrateRoot(document, import.meta.env.DEV ? <StrictMode>{router}</StrictMode> : router);
});
