import { clockTime } from "~/models/on-demand/media-time";
import type { OnDemandClassPageModel } from "./page.server";

/** The class written out, each line with its time in the recording. */
export function Transcript({ transcript }: { transcript: NonNullable<OnDemandClassPageModel["player"]>["transcript"] }) {
  if (transcript.length === 0) return null;
  return (
    <section aria-labelledby="transcript-title" className="transcript">
      <h2 id="transcript-title">Transcript</h2>
      <ol className="transcript__list">
        {transcript.map((cue, index) => (
          <li key={index} data-cue={index}>
            <span className="transcript__time">{clockTime(cue.start)}</span> {cue.text}
          </li>
        ))}
      </ol>
    </section>
  );
}
