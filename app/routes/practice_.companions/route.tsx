import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Link } from "~/components/link";
import { EmptyState } from "~/components/empty-state";
import { PageNotices } from "~/components/page-notices";
import { defineHandle } from "~/lib/route-handle";
import { companionsAction, companionsPageData } from "./companions.server";
import { IncomingInvitations, TogetherList, VisibilityForm, WaitingList } from "./companion-lists";
import { requireAccess } from "~/server/viewer.server";
import { defineActionLimits } from "~/lib/action-limits";

/**
 * Issue 27 (ADR 049): the people a member practised with often, private to them. Nobody is named
 * until one has invited and the other accepted; anyone can step off the list.
 */
export const handle = defineHandle({ name: "practice-companions", layout: "main", theme: "light", requiresAuth: true });

export const meta: MetaFunction = () => [{ title: "Practice companions · Stillhour" }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const state = await requireAccess(request, handle, { context });
  return data(await companionsPageData(request, state), { headers: { "Cache-Control": "private, no-store" } });
}

/** What this action does and what limits it (issue 35; ADR 035 addendum). */
export const actionLimits = defineActionLimits({
  invite: { does: ["write"], bound: "one invitation per pair of members who practised together, answered once; nothing accumulates" },
});

export async function action({ request, context }: ActionFunctionArgs) {
  const state = await requireAccess(request, handle, { context });
  return companionsAction(request, state);
}

const people = (n: number) => (n === 1 ? "1 person has" : `${n} people have`);

export default function CompanionsRoute() {
  const page = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const busyKey =
    navigation.state === "submitting" ? String(navigation.formData?.get("key") ?? navigation.formData?.get("intent") ?? "") : "";
  // A refusal names the person it was about: shown beside them when they are on the page, above it otherwise.
  const refused: Partial<Record<"intent" | "key", string>> = actionData?.values ?? {};
  const message = actionData ? (actionData.errors.key ?? actionData.errors.form ?? null) : null;
  const onPage = [...page.companions, ...page.incoming].some((c) => c.key === refused.key);
  const errorFor = (key: string) => (refused.key === key ? message : null);
  const waiting = page.companions.filter((c) => c.state !== "together");
  const together = page.companions.filter((c) => c.state === "together");
  return (
    <section className="section" aria-labelledby="companions-title">
      <div className="container container--narrow stack">
        <header className="page-intro">
          <p className="eyebrow">
            <Link to="/practice">Your practice</Link>
          </p>
          <h1 id="companions-title">Practice companions</h1>
          <p>
            People who joined the same live classes as you. Only you see this page. Nobody is named until one of you invites and the other
            says yes.
          </p>
        </header>
        <PageNotices error={onPage ? null : message} notice={page.done ? { tone: "success", text: page.done } : null} />

        {page.optedOut ? (
          <p>You are off the list: you are not counted or shown as anyone&apos;s companion, and nobody is counted for you.</p>
        ) : (
          <>
            <p className="companions__count">
              <strong>
                {page.count === 0 ? "Nobody has practised with you often yet." : `${people(page.count)} practised with you often.`}
              </strong>
            </p>
            {page.incoming.length > 0 ? <IncomingInvitations incoming={page.incoming} errorFor={errorFor} busyKey={busyKey} /> : null}
            {together.length > 0 ? <TogetherList together={together} /> : null}
            {waiting.length > 0 ? <WaitingList waiting={waiting} errorFor={errorFor} busyKey={busyKey} /> : null}
            {page.count === 0 && page.incoming.length === 0 ? (
              <EmptyState
                title="Nobody yet"
                message="When you and someone else join the same live classes a few times, they are counted here, without a name."
                link={{ to: "/classes", label: "See live classes" }}
              />
            ) : null}
          </>
        )}

        <VisibilityForm optedOut={page.optedOut} busy={busyKey === "visibility"} />
      </div>
    </section>
  );
}
