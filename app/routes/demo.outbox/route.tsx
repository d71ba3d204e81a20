import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/link";
import { notFound } from "~/lib/errors";
import { defineHandle } from "~/lib/route-handle";
import { getEnv } from "~/lib/env.server";
import { formatPhoneForReading } from "~/models/identity/phone-display.server";
import { readDemoOutbox } from "~/platform/demo-outbox.server";

/**
 * The demo outbox: in the demo nothing is really sent, so the sign-in links and SMS codes the Auth
 * emulator holds are shown here for a person (or a browser test) to use. Answers 404 outside the demo
 * (APP_ENV=demo), whatever the drivers, and in the demo unless the emulator or the outbox is in use.
 */
export const handle = defineHandle({ name: "demo-outbox", layout: "main", theme: "light" });

export const meta: MetaFunction = () => [{ title: "Demo outbox · Stillhour" }, { name: "robots", content: "noindex" }];

export async function loader(_args: LoaderFunctionArgs) {
  const outbox = await readDemoOutbox({ mailLimit: 30 });
  if (!outbox) throw notFound();
  const { emulatorSilent } = outbox;
  const mail = outbox.mail.map(({ id, to, subject, text, sentAt, attachments }) => ({
    id,
    to,
    subject,
    text,
    sentAt: new Date(sentAt).toISOString(),
    attachments: (attachments ?? []).map((a) => a.filename),
  }));
  const site = getEnv().PUBLIC_SITE_URL;
  // The emulator's own link points at its action handler; a real project's template would point at
  // our /auth/email-link (README), so the outbox shows that address.
  const links = outbox.links.reverse().map((link) => {
    const target = new URL("/auth/email-link", site);
    const next = link.continueUrl ? new URL(link.continueUrl).searchParams.get("next") : null;
    if (next) target.searchParams.set("next", next);
    target.searchParams.set("mode", "signIn");
    target.searchParams.set("oobCode", link.oobCode);
    return { email: link.email, href: `${target.pathname}${target.search}` };
  });
  const codes = outbox.codes.reverse().map((entry) => ({ ...entry, phoneNumber: formatPhoneForReading(entry.phoneNumber) }));
  return data({ links, codes, mail, emulatorSilent }, { headers: { "Cache-Control": "private, no-store" } });
}

export default function DemoOutboxRoute() {
  const { links, codes, mail, emulatorSilent } = useLoaderData<typeof loader>();
  return (
    <section className="section" aria-labelledby="outbox-title">
      <div className="container container--narrow stack">
        <p className="demo-label">Demo: nothing on this page was really sent</p>
        <h1 id="outbox-title">Demo outbox</h1>
        <p>
          In the demo, sign-in links, SMS codes and e-mails stay on this machine. Use the links and codes here to finish signing in. Newest
          first. Demo people: any number from +1 201-555-0101 to +1 201-555-0106.
        </p>
        {emulatorSilent ? (
          <p className="notice notice--error" role="alert">
            The sign-in emulator didn't answer just now, so links and codes may be missing. Reload the page in a moment.
          </p>
        ) : null}
        <h2>Sign-in links</h2>
        {links.length === 0 ? (
          <p className="empty-note">
            No links yet. Ask for one on the <Link to="/sign-in?mode=email">sign-in page</Link>.
          </p>
        ) : (
          <ul className="outbox-list">
            {links.map((link) => (
              <li key={link.href}>
                <span>To {link.email}</span> <a href={link.href}>Open the sign-in link</a>
              </li>
            ))}
          </ul>
        )}
        <h2>SMS codes</h2>
        {codes.length === 0 ? (
          <p className="empty-note">No codes yet.</p>
        ) : (
          <ul className="outbox-list">
            {codes.map((entry, index) => (
              <li key={`${entry.phoneNumber}-${index}`}>
                <span>To {entry.phoneNumber}</span> <code className="outbox-code">{entry.code}</code>
              </li>
            ))}
          </ul>
        )}
        <h2>E-mails</h2>
        {mail.length === 0 ? (
          <p className="empty-note">No e-mails yet. Class changes, waitlist news and reminders appear here.</p>
        ) : (
          <ul className="outbox-list outbox-mail">
            {mail.map((message) => (
              <li key={message.id}>
                <article aria-label={message.subject}>
                  <h3>{message.subject}</h3>
                  <p className="muted">
                    To {message.to} · <time dateTime={message.sentAt}>{message.sentAt.slice(0, 16).replace("T", " ")} GMT</time>
                    {message.attachments.length ? ` · Attached: ${message.attachments.join(", ")}` : ""}
                  </p>
                  <div className="outbox-mail__body">{message.text}</div>
                </article>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
