/**
 * A quotation as a figure: a member's words on a card, or the quote of the day (issue 27). One module
 * for both (`daily` for the quote of the day), so the home page loads one small shared chunk for its
 * quotes rather than two.
 */
export function QuoteCard({ text, name, detail, daily = false }: { text: string; name: string; detail?: string; daily?: boolean }) {
  return (
    <figure className={daily ? "daily-quote" : "card quote-card"} aria-label={daily ? "Quote of the day" : undefined}>
      <blockquote>
        <p>{text}</p>
      </blockquote>
      <figcaption>
        <strong>{name}</strong>
        {detail ? <>, {detail}</> : null}
      </figcaption>
    </figure>
  );
}
