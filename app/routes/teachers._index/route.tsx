import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { CtaBand } from "~/components/cta-band";
import { EmptyState } from "~/components/empty-state";
import { TeacherCard } from "~/components/teacher-card";
import { toTeacherCard } from "~/models/content/teacher";
import { defineHandle } from "~/lib/route-handle";
import { pageMeta } from "~/lib/seo";
import { getTeachers } from "~/models/content/teacher.server";

export const handle = defineHandle({
  query: [],
  name: "teachers",
  layout: "main",
  theme: "dark",
  banner: true,
  surveys: true,
});

export const meta: MetaFunction<typeof loader> = ({ matches }) =>
  pageMeta({
    title: "Teachers",
    description: "Meet the Stillhour teachers who guide our live and on-demand meditation, mindfulness and breathwork classes.",
    path: "/teachers",
    matches,
  });

export async function loader() {
  const teachers = await getTeachers();
  return { teachers: teachers.map(toTeacherCard) };
}

export default function TeachersRoute() {
  const { teachers } = useLoaderData<typeof loader>();
  return (
    <>
      <section className="page-intro" aria-labelledby="teachers-title">
        <div className="container">
          <p className="eyebrow">Teachers</p>
          <h1 id="teachers-title">The people who guide the quiet</h1>
          <p>Each teacher brings their own voice and pace. Find one who feels right, and follow their classes live or on demand.</p>
        </div>
      </section>
      <section className="section section--flush-top" aria-label="All teachers">
        <div className="container">
          {teachers.length > 0 ? (
            <div className="grid grid--cards">
              {teachers.map((teacher) => (
                <TeacherCard key={teacher.id} teacher={teacher} headingLevel={2} />
              ))}
            </div>
          ) : (
            <EmptyState
              title="Our teachers are on a break"
              message="Teacher profiles are not available just now. Please come back a little later."
            />
          )}
        </div>
      </section>
      <CtaBand title="Find your teacher in a live class" body="Try a few voices during your free week and keep the ones that help." />
    </>
  );
}
