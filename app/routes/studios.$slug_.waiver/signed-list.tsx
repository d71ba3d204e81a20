import type { WaiverPageModel } from "./page.server";

/** The versions this member has signed at the studio, each with its signed copy to download. */
export function SignedList({ signed }: { signed: WaiverPageModel["signed"] }) {
  if (signed.length === 0) return null;
  return (
    <section className="stack" aria-labelledby="signed-title">
      <h2 id="signed-title">What you've signed here</h2>
      <ul>
        {signed.map((s) => (
          <li key={s.version}>
            Version {s.version}, signed {s.when}.{" "}
            <a href={s.href} download>
              Download your signed copy (version {s.version})
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
