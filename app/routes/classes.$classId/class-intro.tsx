import { Link } from "~/components/link";
import type { ClassPageModel } from "./page.server";

/** The class page's heading: its kind, whether it is live now, and when it is in the reader's zone. */
export function ClassIntro({
  page,
}: {
  page: Pick<ClassPageModel, "modalityLabel" | "state" | "title" | "startsAt" | "when" | "durationMinutes" | "zoneLabel" | "path">;
}) {
  return (
    <header className="page-intro">
      <p className="eyebrow">
        Live {page.modalityLabel.toLowerCase()}
        {page.state === "live" ? <span className="badge badge--live">Live now</span> : null}
      </p>
      <h1 id="class-title">{page.title}</h1>
      <p className="class-page__when">
        <time dateTime={page.startsAt}>{page.when}</time> · {page.durationMinutes} minutes
        <br />
        <span className="schedule__zone">
          {page.zoneLabel}. <Link to={`/preferences/time-zone?next=${encodeURIComponent(page.path)}`}>Change time zone</Link>
        </span>
      </p>
    </header>
  );
}
