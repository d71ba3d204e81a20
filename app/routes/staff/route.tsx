import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, isRouteErrorResponse, useRouteError, useRouteLoaderData } from "@remix-run/react";
import { Link } from "~/components/link";
import type { ReactNode } from "react";
import { StaffShell } from "./staff-shell";
import { staffNavFor } from "~/models/staff/staff-areas";
import { defineHandle } from "~/lib/route-handle";
import { getViewerState } from "~/server/viewer.server";

/**
 * The frame of every /staff page (ADR 044): the back office's own shell with a list of the staff
 * pages this person's roles open. It guards nothing (each page's loader calls requireStaff); it only
 * draws the way between them, and nothing when the person has no role.
 */
export const handle = defineHandle({ shell: "staff" });

export async function loader({ request, context }: LoaderFunctionArgs) {
  const state = await getViewerState(request, context);
  const signedIn = state && !state.viewer.anonymous ? state : null;
  const name = signedIn ? [signedIn.user.firstName, signedIn.user.lastName].filter(Boolean).join(" ") || "Signed in" : null;
  return data({ nav: staffNavFor(signedIn?.viewer.roles ?? []), name }, { headers: { "Cache-Control": "private, no-store" } });
}

export default function StaffLayout() {
  return (
    <Frame>
      <Outlet />
    </Frame>
  );
}

/**
 * A page's refusal (403 for a role that does not open it) or failure, inside the staff shell, in the
 * error page's calm words (its own markup: sharing the site's error page would split it out of every
 * page's first load).
 */
export function ErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const title =
    status === 404
      ? "Page not found"
      : status >= 500
        ? "Something went wrong"
        : isRouteErrorResponse(error) && error.statusText
          ? error.statusText
          : "This page is not open to you";
  return (
    <Frame>
      <section className="error-page" aria-labelledby="error-title">
        <div className="container container--narrow">
          <p className="error-page__status">
            <span className="visually-hidden">Error </span>
            {status}
          </p>
          <h1 id="error-title">{title}</h1>
          <p>
            {status === 403
              ? "Your account doesn't have access to it. If you think it should, sign in with the account that does, or ask a Stillhour admin."
              : status >= 500
                ? "That was on our side, not yours. Take a breath and try again in a moment."
                : "It may have moved, or the address has a small typo."}
          </p>
          <div className="button-row">
            <Link className="button" to="/staff">
              Back to the staff home
            </Link>
          </div>
        </div>
      </section>
    </Frame>
  );
}

function Frame({ children }: { children: ReactNode }) {
  const nav = useRouteLoaderData<typeof loader>("routes/staff")?.nav ?? [];
  const name = useRouteLoaderData<typeof loader>("routes/staff")?.name ?? null;
  return (
    <StaffShell nav={nav} name={name}>
      {children}
    </StaffShell>
  );
}
