import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/link";
import { Modalities, UpcomingClasses, type ClassCardData } from "./home-sections";
import { CtaBand } from "~/components/cta-band";
import { Hero } from "~/components/hero";
import { PressStrip } from "~/components/content/press-strip";
import { QuoteCard } from "~/components/quote-card";
import { OfferButton, useSalesCall } from "~/components/site-shell";
import { SectionHeading } from "~/components/section-heading";
import { StoreBadges } from "~/components/site-shell";
import { TeacherSection } from "~/components/teacher-card";
import { toTeacherCard } from "~/models/content/teacher";
import { dailyQuote } from "~/models/content/content";
import { defineHandle } from "~/lib/route-handle";
import { pageMeta } from "~/lib/seo";
import { classCardWhen, getPressArticles, getQuotes, getTeachers, getUpcomingClasses, pageOffer, readerZone } from "./home-data.server";

export const handle = defineHandle({
  query: [],
  name: "home",
  layout: "lander",
  header: "fixed",
  theme: "dark",
  banner: true,
  surveys: true,
  logoOnScroll: true,
  localTimes: true,
});

export const meta: MetaFunction<typeof loader> = ({ matches }) => pageMeta({ path: "/", matches });

export async function loader({ request, context }: LoaderFunctionArgs) {
  // Null until the browser reports a zone: the cards then say UTC rather than pass it off as local.
  const zone = await readerZone(request, context);
  const [classes, teachers, quotes, press, offer] = await Promise.all([
    getUpcomingClasses(3),
    getTeachers(),
    getQuotes(),
    getPressArticles(),
    // The standard offer, in the model's words (ADR 056): what /subscribe gives without a code.
    pageOffer(null),
  ]);
  const names = new Map(teachers.map((teacher) => [teacher.id, teacher.fullName]));
  const upcoming: ClassCardData[] = classes.map((liveClass) => ({
    id: liveClass.id,
    href: `/classes/${liveClass.slug || liveClass.id}`,
    title: liveClass.title,
    when: classCardWhen(liveClass.startsAt, zone, liveClass.durationMinutes),
    modality: liveClass.modality,
    startsAt: liveClass.startsAt,
    durationMinutes: liveClass.durationMinutes,
    teacherName: names.get(liveClass.teacherId) ?? null,
  }));
  return {
    upcoming,
    teachers: teachers.slice(0, 3).map(toTeacherCard),
    quotes: quotes
      .filter((q) => q.kind === "member")
      .slice(0, 3)
      .map(({ id, text, name, detail }) => ({ id, text, name, detail })),
    // The same line for everyone whose day it is; the page cache already keeps one page per zone.
    today: pick(dailyQuote(quotes, Date.now(), zone)),
    press: press.slice(0, 6).map(({ id, outlet }) => ({ id, outlet })),
    offer: { action: offer.action, line: offer.line, href: "/subscribe" },
  };
}

const pick = (quote: { text: string; name: string } | null) => (quote ? { text: quote.text, name: quote.name } : null);

export default function HomeRoute() {
  const { upcoming, teachers, quotes, press, today, offer } = useLoaderData<typeof loader>();
  const offered = useSalesCall() === "offer";
  return (
    <>
      <Hero
        eyebrow="Live and on-demand classes"
        title="A quieter hour, whenever you need one"
        lede="Guided meditation, mindfulness and breathwork with real teachers, live every day. Join from your sofa, your desk or your bed."
        actions={
          <>
            <OfferButton label={offer.action} href={offer.href} />
            <Link className="button button--secondary" to="/teachers">
              Meet the teachers
            </Link>
          </>
        }
        note={offered ? offer.line : undefined}
      />

      <Modalities today={today} />

      <UpcomingClasses upcoming={upcoming} />

      <TeacherSection teachers={teachers} eyebrow="Your guides" title="Teachers you will want to return to" linkLabel="All teachers" />

      {quotes.length > 0 ? (
        <section className="section section--flush-top" aria-labelledby="quotes-title">
          <div className="container">
            <SectionHeading id="quotes-title" eyebrow="From members" title="What a few quiet minutes can do" />
            <div className="grid grid--cards">
              {quotes.map((quote) => (
                <QuoteCard key={quote.id} {...quote} />
              ))}
            </div>
          </div>
        </section>
      ) : null}

      <PressStrip items={press} />

      <section className="section section--tight" aria-labelledby="app-title">
        <div className="container">
          <SectionHeading
            id="app-title"
            eyebrow="Take it with you"
            title="The Stillhour app"
            description="Live classes, your favourites and the sleep library on your phone, with downloads for the days without signal."
          />
          <StoreBadges />
        </div>
      </section>

      <CtaBand
        title="Your first breath is free"
        body="Try a week of live and on-demand classes. If it is not for you, that is fine too."
        cta={{ label: offer.action, href: offer.href }}
        secondary={{ label: "Read the FAQ", href: "/faq" }}
      />
    </>
  );
}
