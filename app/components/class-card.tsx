import type { LiveClass } from "~/models/content";

/** Only what a class card shows; the teacher's name is joined in by the loader. */
export interface ClassCardData {
  id: string;
  title: string;
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

// Formatted in UTC so the server and the browser render the same text during hydration.
const WHEN = new Intl.DateTimeFormat("en-US", {
  weekday: "short",
  month: "short",
  day: "numeric",
  hour: "numeric",
  minute: "2-digit",
  timeZone: "UTC",
  timeZoneName: "short",
});

export function formatClassTime(iso: string): string {
  return WHEN.format(new Date(iso));
}

export function ClassCard({ liveClass }: { liveClass: ClassCardData }) {
  return (
    <article className="card class-card">
      <p className="class-card__when">
        <time dateTime={liveClass.startsAt}>{formatClassTime(liveClass.startsAt)}</time>
      </p>
      <h3>{liveClass.title}</h3>
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
