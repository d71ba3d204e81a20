import { useEffect, useState } from "react";
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

const WHEN_OPTIONS: Intl.DateTimeFormatOptions = {
  weekday: "short",
  month: "short",
  day: "numeric",
  hour: "numeric",
  minute: "2-digit",
  timeZoneName: "short",
};
// Formatted in UTC so the server and the browser render the same text during hydration.
const WHEN = new Intl.DateTimeFormat("en-US", { ...WHEN_OPTIONS, timeZone: "UTC" });

export function formatClassTime(iso: string, timeZone?: string): string {
  if (!timeZone) return WHEN.format(new Date(iso));
  return new Intl.DateTimeFormat("en-US", { ...WHEN_OPTIONS, timeZone }).format(new Date(iso));
}

/** The class time in UTC while server-rendered, then in the visitor's own time zone once in the browser. */
function ClassTime({ iso }: { iso: string }) {
  const [text, setText] = useState(() => formatClassTime(iso));
  useEffect(() => {
    try {
      setText(formatClassTime(iso, Intl.DateTimeFormat().resolvedOptions().timeZone));
    } catch {
      // An unknown zone keeps the UTC text.
    }
  }, [iso]);
  return <time dateTime={iso}>{text}</time>;
}

export function ClassCard({ liveClass }: { liveClass: ClassCardData }) {
  return (
    <article className="card class-card">
      <p className="class-card__when">
        <ClassTime iso={liveClass.startsAt} />
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
