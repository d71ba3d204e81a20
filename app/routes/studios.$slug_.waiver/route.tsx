import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Link } from "~/components/link";
import { notFound } from "~/lib/errors";
import { defineHandle } from "~/lib/route-handle";
import { requireAccess } from "~/server/viewer.server";
import { waiverAction, waiverPage } from "./page.server";
import { SignForm } from "./sign-form";
import { SignedList } from "./signed-list";
import { defineActionLimits } from "~/lib/action-limits";

/**
 * Issue 12: a studio's waiver. The full current text, then a plain form: the member's typed name, a
 * consent box, their date of birth when we don't have it, and for under-18s a guardian's name and
 * consent. Signing returns to the booking it interrupted. Works without JavaScript.
 */
export const handle = defineHandle({ name: "studio-waiver", layout: "main", theme: "light", requiresAuth: true });

export const meta: MetaFunction<typeof loader> = ({ data: page }) => [
  { title: page ? `Waiver · ${page.studio.name} · Stillhour` : "Waiver · Stillhour" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const state = await requireAccess(request, handle, { context });
  const page = await waiverPage(request, state, params.slug ?? "");
  if (!page) throw notFound();
  return data(page, { headers: { "Cache-Control": "private, no-store" } });
}

/** What this action does and what limits it (issue 35; ADR 035 addendum). */
export const actionLimits = defineActionLimits({
  sign: { does: ["write"], bound: "one signature per member, studio and waiver version, created once" },
});

export async function action({ request, params, context }: ActionFunctionArgs) {
  const state = await requireAccess(request, handle, { context });
  return waiverAction(request, state, params.slug ?? "");
}

export default function StudioWaiverRoute() {
  const page = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const errors = actionData?.errors ?? {};
  const values = actionData?.values ?? {};
  // A version that could not be read has no field to sit beside: it reads above the form.
  const formError = errors.form ?? errors.version;
  return (
    <section className="section" aria-labelledby="waiver-title">
      <div className="container container--narrow stack">
        <header className="page-intro">
          <p className="eyebrow">
            <Link to={`/studios/${page.studio.slug}`}>{page.studio.name}</Link>
          </p>
          <h1 id="waiver-title">{page.waiver ? page.waiver.title : "Waiver"}</h1>
          {page.waiver ? (
            <p>
              Version {page.waiver.version}, published {page.waiver.published}. Please read it all; it's short.
            </p>
          ) : null}
        </header>

        {formError ? (
          <p className="notice notice--error" role="alert">
            {formError}
          </p>
        ) : null}

        {!page.waiver ? <p>This studio has no waiver to sign. You can book straight away.</p> : null}

        {page.waiver ? (
          // The whole text, in the page's own flow: no box of its own to scroll, so nothing extra to focus.
          <section className="waiver-text" aria-label="The waiver's full text">
            {page.waiver.text}
          </section>
        ) : null}

        {page.waiver && page.signedCurrent ? (
          <div className="stack">
            <p className="notice notice--success" role="status">
              You signed this version on {page.signedCurrent.when}.
            </p>
            <p>
              <Link className="button" to={page.next}>
                Carry on
              </Link>
            </p>
          </div>
        ) : null}

        {page.waiver && !page.signedCurrent ? (
          <SignForm
            page={page}
            version={page.waiver.version}
            errors={errors}
            values={values}
            submitting={navigation.state === "submitting"}
          />
        ) : null}

        <SignedList signed={page.signed} />
      </div>
    </section>
  );
}
