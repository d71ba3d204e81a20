import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useMatches } from "@remix-run/react";
import { CtaBand } from "~/components/cta-band";
import { JsonLd } from "~/components/json-ld";
import { TeacherAvatar } from "~/components/teacher-avatar";
import { TeacherFollow } from "./teacher-follow";
import { notFound } from "~/lib/errors";
import { defineHandle } from "~/lib/route-handle";
import { pageMeta, personJsonLd, siteUrlFrom } from "~/lib/seo";
import { getTeacherBySlug } from "~/models/content/teacher.server";
import { ClassListItem } from "~/components/class-list-item";
import { teacherClasses } from "~/models/classes/class-listing.server";
import { readerZone } from "~/server/reader-zone.server";
import { followerCount } from "~/models/engagement/following.server";
import { FALLBACK_TIME_ZONE } from "~/models/identity/user";

export const handle = defineHandle({
  query: [],
  name: "teacher",
  layout: "main",
  header: "fixed",
  menuOnly: "scrolled",
  banner: true,
  surveys: true,
  key: "route",
  theme: "light",
  localTimes: true,
});

export const meta: MetaFunction<typeof loader> = ({ data, matches, params }) =>
  data
    ? pageMeta({
        title: data.teacher.fullName,
        description: `${data.teacher.fullName} teaches ${listOf(data.teacher.classTypes).toLowerCase() || "mindfulness"} on Stillhour.`,
        path: `/teachers/${data.teacher.urlParam}`,
        matches,
        type: "profile",
      })
    : pageMeta({ title: "Page not found", path: `/teachers/${params.teacherSlug ?? ""}`, matches });

export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const teacher = params.teacherSlug ? await getTeacherBySlug(params.teacherSlug) : null;
  if (!teacher) throw notFound();
  const zone = (await readerZone(request, context)) ?? FALLBACK_TIME_ZONE;
  const [upcoming, followers] = await Promise.all([teacherClasses(teacher.id, zone, new Date()), followerCount(teacher.id)]);
  return {
    // The same for everyone: whether this reader follows arrives after the page loads, from
    // /api/me/teachers/:slug/follow (TeacherFollow), never in this cached page.
    followers,
    classes: upcoming.classes,
    classesHref: `/classes?teacher=${encodeURIComponent(teacher.id)}`,
    zoneLabel: upcoming.zoneLabel,
    teacher: {
      id: teacher.id,
      urlParam: teacher.urlParam,
      firstName: teacher.firstName,
      lastName: teacher.lastName,
      fullName: teacher.fullName,
      portraitColor: teacher.portraitColor,
      bio: teacher.bio,
      classTypes: teacher.classTypes,
      location: teacher.location,
      instagramUrl: safeInstagramUrl(teacher.instagramUrl),
      username: teacher.username,
      profilePicUrl: teacher.profilePicUrl,
    },
  };
}

export default function TeacherRoute() {
  const { teacher, classes, classesHref, zoneLabel: zoneName, followers } = useLoaderData<typeof loader>();
  const paragraphs = teacher.bio.split(/\n\s*\n/).filter(Boolean);
  const siteUrl = siteUrlFrom(useMatches());
  return (
    <>
      <JsonLd
        data={personJsonLd({
          siteUrl,
          path: `/teachers/${teacher.urlParam}`,
          name: teacher.fullName,
          description: teacher.bio,
          image: teacher.profilePicUrl || "/logo.svg",
          sameAs: teacher.instagramUrl ? [teacher.instagramUrl] : [],
          location: teacher.location,
        })}
      />
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
              <dl className="profile__facts">
                {teacher.location ? (
                  <>
                    <dt>Based in</dt>
                    <dd>{teacher.location}</dd>
                  </>
                ) : null}
                {teacher.classTypes.length > 0 ? (
                  <>
                    <dt>Teaches</dt>
                    <dd>
                      <ul className="tag-list">
                        {teacher.classTypes.map((type) => (
                          <li key={type} className="tag">
                            {type}
                          </li>
                        ))}
                      </ul>
                    </dd>
                  </>
                ) : null}
              </dl>
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
      <section className="section section--flush-top" aria-labelledby="teacher-classes">
        <div className="container container--narrow">
          <h2 id="teacher-classes">Live classes with {teacher.firstName}</h2>
          {classes.length === 0 ? (
            <p>No live classes with {teacher.firstName} in the next two weeks. The on-demand library is open any time.</p>
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
                <Link to={classesHref}>All of {teacher.firstName}'s classes</Link>
              </p>
            </>
          )}
        </div>
      </section>
      <CtaBand
        title={`Your first class with ${teacher.firstName} is free`}
        body="Start a free week and join any live class, or catch up on demand."
        secondary={{ label: "Meet other teachers", href: "/teachers" }}
      />
    </>
  );
}

/** Only https links to Instagram itself are shown; anything else is dropped. */
function safeInstagramUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return parsed.protocol === "https:" && /(^|\.)instagram\.com$/.test(parsed.hostname) ? parsed.toString() : "";
  } catch {
    return "";
  }
}

function listOf(items: string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}
