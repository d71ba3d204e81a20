import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { CtaBand } from "~/components/cta-band";
import { Hero } from "~/components/hero";
import { SectionHeading } from "~/components/section-heading";
import { TeacherSection } from "~/components/teacher-card";
import { toTeacherCard } from "~/models/content/teacher";
import { defineHandle } from "~/lib/route-handle";
import { pageMeta } from "~/lib/seo";
import { getTeachers } from "~/models/content/teacher.server";

export const handle = defineHandle({
  query: [],
  name: "about",
  layout: "main",
  header: "fixed",
  theme: "dark",
  banner: true,
  surveys: true,
});

export const meta: MetaFunction<typeof loader> = ({ matches }) =>
  pageMeta({
    title: "About us",
    description: "Stillhour makes calm a little easier to reach: live and on-demand classes with real teachers, for everyone.",
    path: "/about",
    matches,
  });

export async function loader() {
  const teachers = await getTeachers();
  return { teachers: teachers.slice(0, 3).map(toTeacherCard), teacherCount: teachers.length };
}

const VALUES = [
  {
    title: "Together, even from home",
    body: "Practising live with other people changes things. You show up, they show up, and the quiet feels shared.",
  },
  {
    title: "Plain words",
    body: "No jargon, no mysticism you did not ask for. Our teachers explain what to do and why it helps.",
  },
  {
    title: "Room for every body",
    body: "Sit, lie down, keep your camera off, leave early. There is no wrong way to take a class.",
  },
  {
    title: "No pressure, ever",
    body: "We would rather you come back because it helps than because we nagged you. Cancelling takes two taps.",
  },
];

export default function AboutRoute() {
  const { teachers, teacherCount } = useLoaderData<typeof loader>();
  return (
    <>
      <Hero
        eyebrow="About Stillhour"
        title="We make calm a little easier to reach"
        lede="Stillhour began with a simple idea: a short, guided pause with a real person can change the shape of a day. So we built a place to find one, live or on demand, whenever you need it."
      />

      <section className="section section--flush-top" aria-labelledby="story-title">
        <div className="container grid grid--two">
          <SectionHeading id="story-title" eyebrow="Our story" title="Started at a kitchen table" />
          <div className="prose">
            <p>
              Our founders were tired in the ordinary way: long days, short nights, phones that never went quiet. Apps full of recordings
              helped a little, but the thing that really worked was sitting with a teacher, live, alongside other people doing the same.
            </p>
            <p>
              Stillhour brings that feeling online. Every day our teachers lead classes in meditation, mindfulness and breathwork, and every
              class stays in the library afterwards for the evenings when live is not possible.
            </p>
            <p>This is a fictional company, made for a demo. The calm is real, though. Try a breath and see.</p>
          </div>
        </div>
      </section>

      <section className="section section--surface" aria-labelledby="values-title">
        <div className="container">
          <SectionHeading id="values-title" eyebrow="What we believe" title="A few things we hold on to" />
          <div className="grid grid--pairs">
            {VALUES.map((value) => (
              <article key={value.title} className="card">
                <h3>{value.title}</h3>
                <p className="muted">{value.body}</p>
              </article>
            ))}
          </div>
        </div>
      </section>

      <TeacherSection
        teachers={teachers}
        eyebrow="The people"
        title={`${teacherCount} teachers, one shared calm`}
        description="Former nurses, engineers, chefs and dancers, each with their own way of making stillness feel possible."
        linkLabel="Meet them all"
      />

      <CtaBand
        title="Come and sit with us"
        body="Your first week is on us. Join a live class, or press play on one from the library."
        secondary={{ label: "We are hiring", href: "/careers" }}
      />
    </>
  );
}
