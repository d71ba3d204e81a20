import { Link } from "~/components/link";
import { ClassListItem } from "~/components/class-list-item";
import { TeacherAvatar } from "~/components/teacher-avatar";
import type { ClassListData } from "~/models/classes/class-listing.server";
import { TeacherFollow } from "./teacher-follow";

/** What a teacher's public page shows of them: the same for everyone. */
export interface TeacherProfileData {
  id: string;
  urlParam: string;
  firstName: string;
  fullName: string;
  portraitColor: string;
  bio: string;
  classTypes: string[];
  location: string;
  instagramUrl: string;
  username: string;
  profilePicUrl: string;
}

/** The teacher's portrait, name, followers, facts and words, and the ways to practise with them. */
export function TeacherProfile({
  teacher,
  followers,
  classesHref,
}: {
  teacher: TeacherProfileData;
  followers: number;
  classesHref: string;
}) {
  const paragraphs = teacher.bio.split(/\n\s*\n/).filter(Boolean);
  return (
    <section className="section" aria-labelledby="teacher-name">
      <div className="container">
        <Link className="back-link" to="/teachers">
          <span aria-hidden="true">←</span> All teachers
        </Link>
        <div className="profile">
          <div className="profile__portrait">
            <TeacherAvatar
              seed={teacher.id}
              fullName={teacher.fullName}
              photoUrl={teacher.profilePicUrl}
              portraitColor={teacher.portraitColor}
              size={320}
              shape="square"
              className="profile__photo"
              eager
            />
          </div>
          <div>
            <p className="eyebrow">Stillhour teacher</p>
            <h1 id="teacher-name">{teacher.fullName}</h1>
            <TeacherFollow slug={teacher.urlParam} firstName={teacher.firstName} followers={followers} />
            <TeacherFacts location={teacher.location} classTypes={teacher.classTypes} />
            <div className="prose">
              {paragraphs.length > 0 ? (
                paragraphs.map((paragraph, index) => <p key={index}>{paragraph}</p>)
              ) : (
                <p>{teacher.firstName} is writing a few words about their practice. Until then, come and meet them in class.</p>
              )}
            </div>
            <div className="button-row">
              <Link className="button" to={classesHref}>
                Practise with {teacher.firstName}
              </Link>
              {teacher.instagramUrl ? (
                <a className="button button--secondary" href={teacher.instagramUrl} rel="noopener noreferrer" target="_blank">
                  {teacher.username ? `@${teacher.username}` : "Instagram"}
                  <span className="visually-hidden"> on Instagram (opens in a new tab)</span>
                </a>
              ) : null}
            </div>
          </div>
        </div>
      </div>
    </section>
  );
}

function TeacherFacts({ location, classTypes }: { location: string; classTypes: string[] }) {
  return (
    <dl className="profile__facts">
      {location ? (
        <>
          <dt>Based in</dt>
          <dd>{location}</dd>
        </>
      ) : null}
      {classTypes.length > 0 ? (
        <>
          <dt>Teaches</dt>
          <dd>
            <ul className="tag-list">
              {classTypes.map((type) => (
                <li key={type} className="tag">
                  {type}
                </li>
              ))}
            </ul>
          </dd>
        </>
      ) : null}
    </dl>
  );
}

/** The teacher's next live classes in the reader's zone, or a note pointing to the library. */
export function TeacherClasses({
  firstName,
  classes,
  classesHref,
  zoneName,
}: {
  firstName: string;
  classes: ClassListData[];
  classesHref: string;
  zoneName: string;
}) {
  return (
    <section className="section section--flush-top" aria-labelledby="teacher-classes">
      <div className="container container--narrow">
        <h2 id="teacher-classes">Live classes with {firstName}</h2>
        {classes.length === 0 ? (
          <p>No live classes with {firstName} in the next two weeks. The on-demand library is open any time.</p>
        ) : (
          <>
            <p className="schedule__zone">Times are shown in {zoneName}.</p>
            <ul className="schedule-list">
              {classes.map((liveClass) => (
                <li key={liveClass.id}>
                  <ClassListItem liveClass={liveClass} />
                </li>
              ))}
            </ul>
            <p className="section__more">
              <Link to={classesHref}>All of {firstName}'s classes</Link>
            </p>
          </>
        )}
      </div>
    </section>
  );
}
