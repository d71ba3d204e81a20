import type { ClassPageModel } from "./page.server";

/** The class's invite to download and its Google and Outlook links. */
export function CalendarSection({ calendar }: { calendar: ClassPageModel["calendar"] }) {
  return (
    <section aria-labelledby="calendar-title" className="stack">
      <h2 id="calendar-title">Add it to your calendar</h2>
      <ul className="button-row calendar-links">
        <li>
          <a className="button button--secondary" href={calendar.ics} download>
            Download invite (.ics)
          </a>
        </li>
        <li>
          <a className="button button--quiet" href={calendar.google} rel="noopener noreferrer" target="_blank">
            Add to Google Calendar
          </a>
        </li>
        <li>
          <a className="button button--quiet" href={calendar.outlook} rel="noopener noreferrer" target="_blank">
            Add to Outlook
          </a>
        </li>
      </ul>
    </section>
  );
}
