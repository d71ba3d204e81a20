import { Link } from "~/components/link";
import type { TeacherCardData } from "~/models/content/teacher";

export type { TeacherCardData };
import { SectionHeading } from "./section-heading";
import { TeacherAvatar } from "./teacher-avatar";

export function TeacherCard({
  teacher,
  headingLevel = 3,
  showBio = true,
}: {
  teacher: TeacherCardData;
  headingLevel?: 2 | 3;
  showBio?: boolean;
}) {
  const Heading = `h${headingLevel}` as const;
  return (
    <article className="card card--link teacher-card">
      <div className="teacher-card__head">
        <TeacherAvatar
          seed={teacher.id}
          fullName={teacher.fullName}
          photoUrl={teacher.photoUrl}
          portraitColor={teacher.portraitColor}
          size={72}
          alt=""
        />
        <div>
          <Heading className="teacher-card__name">
            <Link className="card__link" to={`/teachers/${teacher.urlParam}`} prefetch="intent">
              {teacher.fullName}
            </Link>
          </Heading>
          {teacher.location ? <p className="card__meta">{teacher.location}</p> : null}
        </div>
      </div>
      {showBio && teacher.bio ? <p className="teacher-card__bio">{teacher.bio}</p> : null}
      {teacher.classTypes.length > 0 ? (
        <ul className="tag-list" aria-label="Teaches">
          {teacher.classTypes.map((type) => (
            <li key={type} className="tag">
              {type}
            </li>
          ))}
        </ul>
      ) : null}
    </article>
  );
}

/** A section of teacher cards under a heading, with a link to every teacher; nothing when there are none. */
export function TeacherSection({
  teachers,
  eyebrow,
  title,
  description,
  linkLabel,
  quietLink = false,
  surface = false,
  centered = false,
}: {
  teachers: TeacherCardData[];
  eyebrow: string;
  title: string;
  description?: string;
  linkLabel: string;
  quietLink?: boolean;
  surface?: boolean;
  centered?: boolean;
}) {
  if (teachers.length === 0) return null;
  return (
    <section className={surface ? "section section--surface" : "section"} aria-labelledby="teachers-title">
      <div className="container">
        <SectionHeading
          id="teachers-title"
          eyebrow={eyebrow}
          title={title}
          description={description}
          action={
            <Link className={quietLink ? "button button--quiet" : "button button--secondary"} to="/teachers">
              {linkLabel}
            </Link>
          }
        />
        <div className={centered ? "grid grid--center" : "grid grid--cards"}>
          {teachers.map((teacher) => (
            <TeacherCard key={teacher.id} teacher={teacher} />
          ))}
        </div>
      </div>
    </section>
  );
}
