import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/profile";
import { FormErrors, TextField } from "~/components/forms";
import { avatarFor, badgeFor } from "~/lib/avatars";
import { displayName } from "~/lib/names";
import { requireUser } from "~/models/auth.server";
import { redirectWithToast } from "~/models/toast.server";
import { updateProfile } from "~/models/user.server";
import { editProfileSchema, updateLocationsSchema } from "~/models/user.schema";

export const meta: Route.MetaFunction = () => [{ title: "Profile · Fieldline" }];

type ProfilePanel = "edit-profile" | "update-locations";

export function loader(args: Route.LoaderArgs) {
  const user = requireUser(args);
  const params = new URL(args.request.url).searchParams;
  const panel: ProfilePanel | null =
    params.get("editProfile") === "true" ? "edit-profile" : params.get("updateLocations") === "true" ? "update-locations" : null;
  return { user, panel };
}

export async function action(args: Route.ActionArgs) {
  const user = requireUser(args);
  const form = await args.request.formData();
  const intent = form.get("intent") === "update-locations" ? "update-locations" : "edit-profile";
  const schema = intent === "update-locations" ? updateLocationsSchema : editProfileSchema;
  const submission = parseWithZod(form, { schema });
  if (submission.status !== "success") return data({ intent, result: submission.reply() }, { status: 400 });
  // An emptied field clears the value.
  const cleared = Object.fromEntries(Object.keys(schema.shape).map((key) => [key, null]));
  await updateProfile(user.id, { ...cleared, ...submission.value });
  return redirectWithToast("/profile", { title: intent === "update-locations" ? "Locations Updated" : "Profile Updated" });
}

export default function Profile({ loaderData, actionData }: Route.ComponentProps) {
  const { user, panel } = loaderData;
  const avatar = avatarFor(user.selectedAvatar);
  const badge = badgeFor(user.currentBadge);
  return (
    <div className="space-y-4">
      {panel ? (
        <ProfileForm
          key={panel}
          intent={panel}
          user={user}
          result={actionData?.intent === panel ? actionData.result : undefined}
        />
      ) : null}
      <section className="card flex items-center gap-4">
        <span className={`flex size-16 items-center justify-center rounded-full text-3xl ${avatar.colors.background}`} aria-hidden>
          {avatar.emoji}
        </span>
        <div className="min-w-0">
          <h1 className="text-xl font-bold">
            {displayName(user)} {badge ? <span title={badge.name}>{badge.emoji}</span> : null}
          </h1>
          <p className="text-sm text-gray-11">@{user.username}</p>
          <p className="text-sm text-gray-11">{user.email}</p>
        </div>
      </section>

      <section className="card space-y-3">
        <h2 className="font-semibold">Details</h2>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
          <dt className="text-gray-11">Phone</dt>
          <dd>{user.phone || "Not set"}</dd>
          <dt className="text-gray-11">Home</dt>
          <dd>{user.homeAddress || "Not set"}</dd>
          <dt className="text-gray-11">Warehouse</dt>
          <dd>{user.warehouseAddress || "Not set"}</dd>
        </dl>
        <div className="flex flex-wrap gap-2">
          <Link to="?editProfile=true" className="btn-secondary">
            Edit Profile
          </Link>
          <Link to="?updateLocations=true" className="btn-secondary">
            Update Locations
          </Link>
          <Link to="/location-setup" className="btn-ghost">
            Pick on the map
          </Link>
        </div>
      </section>

    </div>
  );
}

type ProfileUser = Route.ComponentProps["loaderData"]["user"];
type FormResult = NonNullable<Route.ComponentProps["actionData"]>["result"];

function ProfileForm({ intent, user, result }: { intent: "edit-profile" | "update-locations"; user: ProfileUser; result: FormResult | undefined }) {
  const navigation = useNavigation();
  const schema = intent === "update-locations" ? updateLocationsSchema : editProfileSchema;
  const [form, fields] = useForm({
    id: intent,
    lastResult: result,
    defaultValue: {
      firstName: user.firstName ?? "",
      lastName: user.lastName ?? "",
      phone: user.phone ?? "",
      homeAddress: user.homeAddress ?? "",
      warehouseAddress: user.warehouseAddress ?? "",
    },
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: editProfileSchema }),
  });
  const saving = navigation.state === "submitting";
  return (
    <section className="card">
      <h2 className="mb-3 text-lg font-semibold">{intent === "update-locations" ? "Update Locations" : "Edit Profile"}</h2>
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <FormErrors errors={form.errors} />
        {intent === "edit-profile" ? (
          <>
            <TextField label="First name" field={fields.firstName} autoComplete="given-name" />
            <TextField label="Last name" field={fields.lastName} autoComplete="family-name" />
            <TextField label="Phone" field={fields.phone} type="tel" autoComplete="tel" />
          </>
        ) : null}
        <TextField label="Home address" field={fields.homeAddress} />
        <TextField label="Warehouse address" field={fields.warehouseAddress} />
        <div className="flex gap-2">
          <button type="submit" name="intent" value={intent} className="btn-primary flex-1" disabled={saving}>
            {saving ? "Saving..." : "Save"}
          </button>
          <Link to="/profile" className="btn-secondary">
            Cancel
          </Link>
        </div>
      </Form>
    </section>
  );
}
