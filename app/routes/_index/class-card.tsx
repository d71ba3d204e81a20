import type { LiveClass } from "~/models/classes/live-class";
import { ArtImage } from "~/components/art-image";

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
