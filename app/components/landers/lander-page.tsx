import { Link } from "~/components/link";
import { useId } from "react";
import type { LandingPage } from "~/models/content/landing-page";
import { QuoteCard } from "~/components/quote-card";
import { OfferButton, useSalesCall } from "~/components/site-shell";
import { SectionHeading } from "~/components/section-heading";
import { mix } from "~/lib/art/colour";
import { sceneFor } from "~/lib/art/art-scene";
import { ArtImage } from "~/components/art-image";
import { TeacherSection } from "~/components/teacher-card";
import type { LanderData } from "./lander-data";

export function LanderPage({ page, teachers }: LanderData) {
  const { ctaHref } = page;
  const isPartner = page.kind === "partner";
  // A member is shown their classes instead of the offer; staff and former members no button at all.
  const offered = useSalesCall() === "offer";
  return (
    <>
      <section className="hero lander-hero" aria-labelledby="lander-title" data-header-watch="site-header--over-hero">
        <LanderGlow color={page.accentColor} />
        <ArtImage kind={sceneFor(`${page.slug} ${page.headline}`, page.slug)} seed={page.slug} className="lander-hero__scene" eager />
        <div className="container hero__inner">
          <div className="hero__copy">
            <p className="partner-mark">
              <LogoText logo={page.logo} />
              {isPartner ? (
                <>
                  <span className="partner-mark__x" aria-hidden="true">
                    ×
                  </span>
                  <span className="logo-text logo-text--serif">Stillhour</span>
                </>
              ) : null}
            </p>
            {page.eyebrow ? <p className="eyebrow">{page.eyebrow}</p> : null}
            <h1 id="lander-title">{page.headline}</h1>
            {page.subheadline ? <p className="lede">{page.subheadline}</p> : null}
            <div className="button-row">
              <OfferButton label={page.cta.label} href={ctaHref} />
              <a className="button button--quiet" href="#offer">
                See the offer
              </a>
            </div>
          </div>
        </div>
      </section>

      <section className="section--tight section--flush-top" aria-label="About this programme">
        <div className="container">
          <div className="lander-body">
            {page.body.map((paragraph, index) => (
              <p key={index}>{paragraph}</p>
            ))}
          </div>
        </div>
      </section>

      <section className="section--tight" id="offer" aria-labelledby="offer-title">
        <div className="container">
          <div className="card offer-card">
            <div>
              <p className="eyebrow">{isPartner ? `For the ${page.partnerName} community` : "Your invitation"}</p>
              <h2 id="offer-title">{page.offer.title}</h2>
              <p>{page.offer.description}</p>
              {page.offer.promotionCode ? (
                <p className="promo-code">
                  <span>Your code, applied for you</span>
                  <code>{page.offer.promotionCode}</code>
                </p>
              ) : null}
            </div>
            <div className="stack">
              <OfferButton label={page.cta.label} href={ctaHref} />
              {offered && page.offer.terms ? (
                <p className="card__meta" data-testid="offer-terms">
                  {page.offer.terms}
                </p>
              ) : null}
            </div>
          </div>
        </div>
      </section>

      {page.steps.length > 0 ? (
        <section className="section" aria-labelledby="steps-title">
          <div className="container">
            <SectionHeading id="steps-title" eyebrow="How it works" title="A gentle way in" />
            <ol className="steps">
              {page.steps.map((step) => (
                <li key={step.title}>
                  <h3>{step.title}</h3>
                  <p>{step.body}</p>
                </li>
              ))}
            </ol>
          </div>
        </section>
      ) : null}

      <TeacherSection
        teachers={teachers}
        eyebrow="Your guides"
        title="Teachers who keep it simple"
        linkLabel="Meet every teacher"
        quietLink
        surface
        centered
      />

      {page.testimonials.length > 0 ? (
        <section className="section" aria-labelledby="voices-title">
          <div className="container">
            <SectionHeading id="voices-title" eyebrow="In their words" title="What members notice" />
            <div className="grid grid--center">
              {page.testimonials.map((item) => (
                <QuoteCard key={item.name + item.quote.slice(0, 12)} text={item.quote} name={item.name} detail={item.detail} />
              ))}
            </div>
          </div>
        </section>
      ) : null}

      {page.faq.length > 0 ? (
        <section className="section section--flush-top" aria-labelledby="faq-title">
          <div className="container container--narrow">
            <SectionHeading id="faq-title" title="Questions, answered" />
            <div className="faq-list">
              {page.faq.map((item) => (
                <details key={item.question} className="faq-item">
                  <summary>{item.question}</summary>
                  <div className="faq-item__answer">
                    <p>{item.answer}</p>
                  </div>
                </details>
              ))}
            </div>
          </div>
        </section>
      ) : null}

      {offered ? (
        <section className="section" aria-labelledby="lander-cta-title">
          <div className="container">
            <div className="cta-band">
              <h2 id="lander-cta-title">Whenever you are ready</h2>
              <p>Your first class is a few minutes away. Start with one breath and see how it feels.</p>
              <div className="button-row">
                <Link className="button" to={ctaHref}>
                  {page.cta.label}
                </Link>
              </div>
            </div>
          </div>
        </section>
      ) : null}
    </>
  );
}

/** A typographic wordmark; never copied brand artwork. */
export function LogoText({ logo }: { logo: LandingPage["logo"] }) {
  return <span className={`logo-text logo-text--${logo.style}`}>{logo.text}</span>;
}

/** The hero's soft, slowly breathing glow in the page's accent colour. */
function LanderGlow({ color }: { color: string }) {
  const id = `glow-${useId().replace(/[^a-zA-Z0-9_-]/g, "")}`;
  return (
    <div className="lander-hero__art" aria-hidden="true">
      <svg width="1100" height="760" viewBox="0 0 1100 760" focusable="false">
        <defs>
          <radialGradient id={`${id}-a`} cx="50%" cy="50%" r="50%">
            <stop offset="0%" stopColor={color} stopOpacity="0.55" />
            <stop offset="60%" stopColor={color} stopOpacity="0.12" />
            <stop offset="100%" stopColor={color} stopOpacity="0" />
          </radialGradient>
          <radialGradient id={`${id}-b`} cx="50%" cy="50%" r="50%">
            <stop offset="0%" stopColor={mix(color, "#8fb0a2", 0.7)} stopOpacity="0.4" />
            <stop offset="100%" stopColor="#8fb0a2" stopOpacity="0" />
          </radialGradient>
        </defs>
        <ellipse className="orb__ring" cx="700" cy="330" rx="380" ry="320" fill={`url(#${id}-b)`} />
        <circle className="orb__core" cx="470" cy="380" r="330" fill={`url(#${id}-a)`} />
      </svg>
    </div>
  );
}
