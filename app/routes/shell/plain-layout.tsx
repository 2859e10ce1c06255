import { Outlet } from "react-router";
import type { Route } from "./+types/plain-layout";
import { ErrorPage } from "~/components/error-view";

// The pages outside the app's shell (signing in, registration, the offline page, a shared
// statement, …). Their errors stop here, below the root: React Router skips the loaders of the
// route that shows an error and of those under it, so an error shown by the root itself would have
// none of the root's data, and so neither the reader's language nor the page's words.

export default function PlainLayout() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage error={error} />;
}
