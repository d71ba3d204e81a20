import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/link";
import { TicketList } from "~/components/ticket-list";
import { ClassFacts } from "~/components/class-facts";
import { notFound } from "~/lib/errors";
import { defineHandle } from "~/lib/route-handle";
import { ticketPage } from "~/models/studios/ticket-page.server";
import { memberZone } from "~/server/reader-zone.server";
import { requireAccess } from "~/server/viewer.server";

/**
 * Issue 12: the member's ticket for an in-person class, with its check-in code as a QR code (an SVG
 * drawn on the server: no script, no outside service) and as text to read out at the desk.
 */
export const handle = defineHandle({ name: "ticket", localTimes: true, layout: "main", theme: "light", requiresAuth: true });

export const meta: MetaFunction<typeof loader> = ({ data: page }) => [
  { title: page ? `Ticket: ${page.title} · Stillhour` : "Ticket · Stillhour" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const state = await requireAccess(request, handle, { context });
  const page = await ticketPage(state.viewer.uid, params.classId ?? "", new Date(), await memberZone(request, state.user));
  if (!page) throw notFound();
  return data(page, { headers: { "Cache-Control": "private, no-store" } });
}

export default function TicketRoute() {
  const page = useLoaderData<typeof loader>();
  return (
    <section className="section" aria-labelledby="ticket-title">
      <div className="container container--narrow stack">
        <header className="page-intro">
          <p className="eyebrow">Your ticket · {page.statusLabel}</p>
          <h1 id="ticket-title">{page.title}</h1>
          <p className="class-page__when">
            <time dateTime={page.startsAt}>{page.when}</time>
            <br />
            {page.where} (
            <a href={page.mapUrl} rel="noopener noreferrer" target="_blank">
              map
            </a>
            )
          </p>
        </header>
        {page.status === "waitlisted" ? (
          <p className="notice" role="note">
            You're {page.position ?? "1st"} in line. This code works once a place frees up and you're booked; we'll e-mail you.
          </p>
        ) : null}
        {page.code && page.qrSvg ? (
          <figure className="ticket-code">
            <div role="img" aria-label={`Check-in QR code for ${page.title}`} dangerouslySetInnerHTML={{ __html: page.qrSvg }} />
            <figcaption className="stack">
              <span>Show this at the front desk, or read out your check-in code.</span>
              <span className="ticket-code__label">Check-in code</span>
              {/* In two groups of five, so it is easy to read out; the gap is drawn, so a copied code has none. */}
              <span className="ticket-code__text" data-testid="check-in-code">
                {codeGroups(page.code).map((group, index) => (
                  <span key={index} className="ticket-code__group">
                    {group}
                  </span>
                ))}
              </span>
            </figcaption>
          </figure>
        ) : (
          <p>This ticket has no check-in code now: it is {page.statusLabel.toLowerCase()}.</p>
        )}
        <ClassFacts
          facts={[
            ["Paid with", page.paidWith],
            [page.cancellation.label, page.cancellation.text],
          ]}
        />
        <p className="button-row">
          <Link className="button button--secondary" to={page.classHref}>
            The class page (to cancel)
          </Link>
          <Link className="button button--quiet" to={page.waiverHref}>
            The waiver you signed
          </Link>
        </p>
        {page.others.length > 0 ? (
          <section className="stack" aria-labelledby="others-title">
            <h2 id="others-title">Your other studio tickets</h2>
            <TicketList tickets={page.others} />
          </section>
        ) : null}
      </div>
    </section>
  );
}

/** A check-in code in groups of five characters ("SGTU7", "3DCSL"). */
function codeGroups(code: string): string[] {
  return code.match(/.{1,5}/g) ?? [code];
}
