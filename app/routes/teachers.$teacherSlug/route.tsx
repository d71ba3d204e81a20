import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData, useMatches } from "@remix-run/react";
import { CtaBand } from "~/components/cta-band";
import { JsonLd } from "~/components/json-ld";
import { TeacherClasses, TeacherProfile } from "./teacher-sections";
import { notFound } from "~/lib/errors";
import { defineHandle } from "~/lib/route-handle";
import { pageMeta, personJsonLd, siteUrlFrom } from "~/lib/seo";
import { getTeacherBySlug } from "~/models/content/teacher.server";
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
  const { teacher, classes, classesHref, zoneLabel, followers } = useLoaderData<typeof loader>();
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
      <TeacherProfile teacher={teacher} followers={followers} classesHref={classesHref} />
      <TeacherClasses firstName={teacher.firstName} classes={classes} classesHref={classesHref} zoneName={zoneLabel} />
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
