import { Form, redirect } from "react-router";
import type { Route } from "./+types/waiting";
import { AuthCard } from "~/components/auth-card";
import { requireAccount } from "~/http/auth.server";
import { WAITING_FOR_APPROVAL } from "~/models/registration.server";
import { hasCompletedLocations } from "~/models/user.server";

export const meta: Route.MetaFunction = () => [{ title: "Waiting for approval · Fieldline" }];

/** The one page an account waiting for approval sees, once its places are set (decision 42). */
export function loader(args: Route.LoaderArgs) {
  const user = requireAccount(args);
  if (user.approval === "APPROVED") throw redirect("/");
  if (!hasCompletedLocations(user)) throw redirect("/location-setup");
  return { message: WAITING_FOR_APPROVAL, email: user.email };
}

export default function Waiting({ loaderData }: Route.ComponentProps) {
  return (
    <AuthCard title="Waiting for approval">
      <p>{loaderData.message}</p>
      <p className="mt-3 text-gray-11">
        You will be able to sign in and see your team once you are approved. We have your email: {loaderData.email}.
      </p>
      <Form method="post" action="/logout" className="mt-5">
        <button type="submit" className="btn btn-secondary w-full">
          Sign Out
        </button>
      </Form>
    </AuthCard>
  );
}
