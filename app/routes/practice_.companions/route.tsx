import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { EmptyState } from "~/components/empty-state";
import { PageNotices } from "~/components/page-notices";
import { defineHandle } from "~/lib/route-handle";
import { companionsAction, companionsPageData } from "./companions.server";
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
  const errorFor = (key: string) => (actionData?.key === key ? actionData.error : null);
  const formError =
    actionData && !page.companions.some((c) => c.key === actionData.key) && !page.incoming.some((i) => i.key === actionData.key)
      ? actionData.error
      : null;
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
        <PageNotices error={formError} notice={page.done ? { tone: "success", text: page.done } : null} />

        {page.optedOut ? (
          <p>You are off the list: you are not counted or shown as anyone&apos;s companion, and nobody is counted for you.</p>
        ) : (
          <>
            <p className="companions__count">
              <strong>
                {page.count === 0 ? "Nobody has practised with you often yet." : `${people(page.count)} practised with you often.`}
              </strong>
            </p>

            {page.incoming.length > 0 ? (
              <section aria-labelledby="incoming-title">
                <h2 id="incoming-title">Invitations for you</h2>
                <ul className="companions">
                  {page.incoming.map((i) => (
                    <li key={i.key} className="companions__item">
                      <p>
                        {capitalise(i.label)} would like to be practice companions. If you accept, you both see each other&apos;s first
                        name.
                      </p>
                      <KeyError error={errorFor(i.key)} />
                      <div className="button-row">
                        <KeyButton
                          intent="accept"
                          companion={i.key}
                          busy={busyKey === i.key}
                          name={`Accept the invitation from ${i.label}`}
                          primary
                        >
                          Accept
                        </KeyButton>
                        <KeyButton
                          intent="decline"
                          companion={i.key}
                          busy={busyKey === i.key}
                          name={`Decline the invitation from ${i.label}`}
                        >
                          Decline
                        </KeyButton>
                      </div>
                    </li>
                  ))}
                </ul>
              </section>
            ) : null}

            {together.length > 0 ? (
              <section aria-labelledby="together-title">
                <h2 id="together-title">Your companions</h2>
                <ul className="companions">
                  {together.map((c) => (
                    <li key={c.key} className="companions__item">
                      <strong>{c.name}</strong>, {c.label.replace(/^someone /, "")} ({c.shared} classes together)
                    </li>
                  ))}
                </ul>
              </section>
            ) : null}

            {waiting.length > 0 ? (
              <section aria-labelledby="often-title">
                <h2 id="often-title">Practised with you often</h2>
                <ul className="companions">
                  {waiting.map((c) => (
                    <li key={c.key} className="companions__item">
                      <p>
                        {capitalise(c.label)}: {c.shared} classes together.
                      </p>
                      <KeyError error={errorFor(c.key)} />
                      {c.state === "invited" ? (
                        <p className="companions__state">Invitation sent.</p>
                      ) : (
                        <KeyButton intent="invite" companion={c.key} busy={busyKey === c.key} name={`Invite ${c.label}`}>
                          Invite
                        </KeyButton>
                      )}
                    </li>
                  ))}
                </ul>
              </section>
            ) : null}

            {page.count === 0 && page.incoming.length === 0 ? (
              <EmptyState
                title="Nobody yet"
                message="When you and someone else join the same live classes a few times, they are counted here, without a name."
                link={{ to: "/classes", label: "See live classes" }}
              />
            ) : null}
          </>
        )}

        <section className="auth-card" aria-labelledby="visibility-title">
          <h2 id="visibility-title">Being counted</h2>
          <Form method="post">
            <input type="hidden" name="intent" value="visibility" />
            <input type="hidden" name="companionsOff" value={page.optedOut ? "" : "on"} />
            <p>
              {page.optedOut
                ? "Come back on the list: people you practise with often can count you, and invite you, again."
                : "Step off the list: nobody counts or sees you as a companion, and your invitations and companions end."}
            </p>
            <button className="button button--secondary" type="submit" disabled={busyKey === "visibility"}>
              {page.optedOut ? "Count me again" : "Leave me out"}
            </button>
          </Form>
        </section>
      </div>
    </section>
  );
}

/** One button that posts `intent` for the member behind the viewer's opaque key; its name starts with the word shown (WCAG 2.5.3). */
function KeyButton({
  intent,
  companion,
  busy,
  name,
  primary,
  children,
}: {
  intent: string;
  companion: string;
  busy: boolean;
  name: string;
  primary?: boolean;
  children: string;
}) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="key" value={companion} />
      <button
        className={primary ? "button button--small" : "button button--secondary button--small"}
        type="submit"
        disabled={busy}
        aria-label={name}
      >
        {children}
      </button>
    </Form>
  );
}

/** A refusal, beside the person it was about. */
function KeyError({ error }: { error: string | null }) {
  return error ? (
    <p className="field__error" role="alert">
      {error}
    </p>
  ) : null;
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
