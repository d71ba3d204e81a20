import { useId, type ReactNode } from "react";

/** A page hero: copy on one side, the breathing orb on the other, soft glows behind. */
export function Hero({
  eyebrow,
  title,
  lede,
  actions,
  note,
  art = <BreathingOrb />,
  headingId = "hero-title",
}: {
  eyebrow?: string;
  title: string;
  lede?: string;
  actions?: ReactNode;
  note?: string;
  art?: ReactNode;
  headingId?: string;
}) {
  return (
    // While the hero sits under the header's middle, the header drops its dividing line (§4 header directive).
    <section className="hero" aria-labelledby={headingId} data-header-watch="site-header--over-hero">
      <div className="hero__glow" aria-hidden="true" />
      <div className="container hero__inner">
        <div className="hero__copy">
          {eyebrow ? <p className="eyebrow">{eyebrow}</p> : null}
          <h1 id={headingId}>{title}</h1>
          {lede ? <p className="lede">{lede}</p> : null}
          {actions ? <div className="button-row">{actions}</div> : null}
          {note ? <p className="hero__note">{note}</p> : null}
        </div>
        {art ? <div className="hero__art">{art}</div> : null}
      </div>
    </section>
  );
}

/**
 * A slow breathing orb: in for 4 s, hold, out for 4 s. Pure SVG with CSS animation;
 * still under prefers-reduced-motion. Decorative, so hidden from assistive technology.
 */
export function BreathingOrb({
  colors = ["#e39a7b", "#8fb0a2"],
  size = 420,
  caption,
}: {
  colors?: [string, string];
  size?: number;
  caption?: string;
}) {
  const id = `orb-${useId().replace(/[^a-zA-Z0-9_-]/g, "")}`;
  return (
    <div>
      <svg className="orb" width={size} height={size} viewBox="0 0 400 400" aria-hidden="true" focusable="false">
        <defs>
          <radialGradient id={`${id}-core`} cx="40%" cy="35%" r="70%">
            <stop offset="0%" stopColor="#fff6ee" stopOpacity="0.95" />
            <stop offset="35%" stopColor={colors[0]} stopOpacity="0.9" />
            <stop offset="100%" stopColor={colors[1]} stopOpacity="0.85" />
          </radialGradient>
          <radialGradient id={`${id}-halo`} cx="50%" cy="50%" r="50%">
            <stop offset="55%" stopColor={colors[0]} stopOpacity="0.35" />
            <stop offset="100%" stopColor={colors[1]} stopOpacity="0" />
          </radialGradient>
        </defs>
        <circle className="orb__ring" cx="200" cy="200" r="196" fill={`url(#${id}-halo)`} />
        <circle className="orb__ring" cx="200" cy="200" r="170" fill="none" stroke={colors[1]} strokeOpacity="0.5" strokeWidth="1.5" />
        <circle className="orb__core" cx="200" cy="200" r="130" fill={`url(#${id}-core)`} />
      </svg>
      {caption ? (
        <p className="orb__caption" aria-hidden="true">
          {caption}
        </p>
      ) : null}
    </div>
  );
}
