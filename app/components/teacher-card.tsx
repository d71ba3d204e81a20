import { Link } from "@remix-run/react";
import type { TeacherCardData } from "~/models/teacher";

export type { TeacherCardData };
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
          firstName={teacher.firstName}
          lastName={teacher.lastName}
          portraitColor={teacher.portraitColor}
          size={64}
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
