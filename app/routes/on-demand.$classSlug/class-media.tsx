import { OnDemandPlayer } from "./on-demand-player";
import type { OnDemandClassPageModel } from "./page.server";

type Page = Pick<
  OnDemandClassPageModel,
  "title" | "teacher" | "poster" | "posterColor" | "player" | "playerError" | "durationSeconds" | "path" | "series"
>;

/** A member's player (with a word for readers without JavaScript), or the class's poster for everyone else. */
export function ClassMedia({ page }: { page: Page }) {
  return (
    <>
      {page.player ? (
        <OnDemandPlayer
          title={page.title}
          teacherName={page.teacher?.name ?? null}
          poster={page.poster}
          posterColor={page.posterColor}
          picture={page.player.picture}
          voice={page.player.voice}
          captions={page.player.captions}
          durationSeconds={page.durationSeconds}
          resumeAt={page.player.resumeAt}
          progressUrl={`${page.path}/progress`}
          nextHref={page.series?.next ?? null}
        />
      ) : (
        <div className="od-class__poster">
          <img
            src={page.poster.src}
            width={page.poster.width}
            height={page.poster.height}
            alt=""
            style={{ backgroundColor: page.posterColor }}
          />
        </div>
      )}
      {page.player ? (
        <noscript>
          <p className="notice">The player needs JavaScript. The whole class is written out in the transcript below.</p>
        </noscript>
      ) : null}
      {page.playerError ? (
        <p className="notice notice--error" role="alert">
          {page.playerError}
        </p>
      ) : null}
    </>
  );
}
