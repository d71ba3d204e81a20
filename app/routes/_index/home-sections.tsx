import { Link } from "~/components/link";
import type { LiveClass } from "~/models/classes/live-class";
import { ArtImage } from "~/components/art-image";
import { EmptyState } from "~/components/empty-state";
import { QuoteCard } from "~/components/quote-card";
import { SectionHeading } from "~/components/section-heading";

/*
 * The home page's sections that carry the loader's data (issue 36): kept in one module with the class
 * card, since every extra module costs the home page's first-load script a few bytes it does not have.
 */

/** Only what a class card shows; the teacher's name and the time (in the visitor's zone) are joined in by the loader. */
export interface ClassCardData {
  id: string;
  href: string;
  title: string;
  /** "Tue 24 Nov, 7:00 – 7:40 am": formatted on the server on the visitor's clock, as the schedule is (`classCardWhen`). */
  when: string;
  modality: LiveClass["modality"];
  startsAt: string;
  durationMinutes: number;
  teacherName: string | null;
}

const MODALITY_LABEL: Record<LiveClass["modality"], string> = {
  meditation: "Meditation",
  mindfulness: "Mindfulness",
  breathwork: "Breathwork",
};

export function ClassCard({ liveClass }: { liveClass: ClassCardData }) {
  return (
    <article className="card class-card">
      <ArtImage kind={liveClass.modality} seed={liveClass.id} className="card__bleed" />
      <p className="class-card__when">
        <time dateTime={liveClass.startsAt}>{liveClass.when}</time>
      </p>
      <h3>
        <a href={liveClass.href}>{liveClass.title}</a>
      </h3>
      <ul className="class-card__facts">
        <li>
          <span className="tag">{MODALITY_LABEL[liveClass.modality]}</span>
        </li>
        <li>{liveClass.durationMinutes} min</li>
        {liveClass.teacherName ? <li>with {liveClass.teacherName}</li> : null}
      </ul>
    </article>
  );
}

/** The next live classes as cards with a way to the whole schedule, or a note that it is resting. */
export function UpcomingClasses({ upcoming }: { upcoming: ClassCardData[] }) {
  return (
    <section className="section section--surface" aria-labelledby="classes-title">
      <div className="container">
        <SectionHeading
          id="classes-title"
          eyebrow="Coming up"
          title="Live classes this week"
          description="Drop in to any class. Camera off is always fine."
        />
        {upcoming.length > 0 ? (
          <div className="grid grid--cards">
            {upcoming.map((liveClass) => (
              <ClassCard key={liveClass.id} liveClass={liveClass} />
            ))}
          </div>
        ) : null}
        {upcoming.length > 0 ? (
          <p className="section__more">
            <Link to="/classes">See the whole schedule</Link>
          </p>
        ) : (
          <EmptyState
            title="The schedule is resting"
            message="No live classes are scheduled just now. The on-demand library is open any time."
          />
        )}
      </div>
    </section>
  );
}

/** Each practice with its mark: a shape drawn on the same soft disc. */
const MODALITIES = [
  {
    title: "Meditation",
    body: "Settle the mind with a guided sit. Ten minutes on a busy day, forty on a slow one.",
    mark: <circle cx="28" cy="28" r="13" fill="none" stroke="var(--calm)" strokeWidth="2" />,
  },
  {
    title: "Breathwork",
    body: "Use the breath to shift how you feel: energising in the morning, softening at night.",
    mark: <path d="M12 30c4-8 8-8 12 0s8 8 12 0 6-6 8-2" fill="none" stroke="var(--accent)" strokeWidth="2.5" strokeLinecap="round" />,
  },
  {
    title: "Mindfulness",
    body: "Small practices for ordinary moments: the commute, the kettle, the hard conversation.",
    mark: (
      <>
        <circle cx="28" cy="28" r="5" fill="var(--accent)" />
        <circle cx="28" cy="28" r="14" fill="none" stroke="var(--accent)" strokeOpacity="0.5" strokeWidth="1.5" />
      </>
    ),
  },
];

/** The home page's three ways in, under the day's line from a member when there is one. */
export function Modalities({ today }: { today: { text: string; name: string } | null }) {
  return (
    <section className="section section--flush-top" aria-labelledby="modalities-title">
      <div className="container">
        {today ? <QuoteCard {...today} daily /> : null}
        <SectionHeading
          id="modalities-title"
          eyebrow="Three ways in"
          title="Practise the way that suits today"
          description="Every class is led by a person, not a playlist. Pick a practice, show up, and let the teacher do the rest."
        />
        <div className="grid grid--cards">
          {MODALITIES.map((modality) => (
            <article key={modality.title} className="card modality">
              <svg width="56" height="56" viewBox="0 0 56 56" aria-hidden="true" focusable="false">
                <circle cx="28" cy="28" r="27" fill="var(--calm)" fillOpacity="0.14" />
                {modality.mark}
              </svg>
              <h3>{modality.title}</h3>
              <p className="muted">{modality.body}</p>
            </article>
          ))}
        </div>
      </div>
    </section>
  );
}
