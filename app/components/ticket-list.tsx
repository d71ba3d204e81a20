import { Link } from "~/components/link";

/** A member's studio tickets: each links to its page with the check-in code. */
export function TicketList({ tickets }: { tickets: { href: string; title: string; when: string; status: string }[] }) {
  return (
    <ul className="schedule-list">
      {tickets.map((t) => (
        <li key={t.href} className="staff-class">
          <Link to={t.href}>{t.title}</Link>
          <p className="schedule-item__facts">
            {t.when} · {t.status}
          </p>
        </li>
      ))}
    </ul>
  );
}
