import { Link } from "~/components/link";
import type { OnDemandClassPageModel } from "./page.server";

/** The way back (and to its series), the class's kind, title, teacher, length and level. */
export function ClassIntro({
  page,
}: {
  page: Pick<OnDemandClassPageModel, "series" | "modality" | "title" | "teacher" | "duration" | "level">;
}) {
  return (
    <>
      <p className="breadcrumbs">
        <Link to="/on-demand">On demand</Link>
        {page.series ? (
          <>
            {" / "}
            <Link to={page.series.href}>{page.series.title}</Link>
          </>
        ) : null}
      </p>
      <header className="page-intro">
        <p className="eyebrow">
          {page.modality}
          {page.series ? ` · Lesson ${page.series.lesson} of ${page.series.of}` : ""}
        </p>
        <h1 id="od-class-title">{page.title}</h1>
        <p className="od-class__facts">
          {page.teacher ? (
            <>
              with {page.teacher.href ? <Link to={page.teacher.href}>{page.teacher.name}</Link> : page.teacher.name}
              {" · "}
            </>
          ) : null}
          {page.duration} · {page.level}
        </p>
      </header>
    </>
  );
}
