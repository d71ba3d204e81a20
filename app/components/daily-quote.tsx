/** The quote of the day (issue 27): one quiet line, the same for everyone whose day it is. */
export function DailyQuote({ quote }: { quote: { text: string; name: string } | null }) {
  if (!quote) return null;
  return (
    <figure className="daily-quote" aria-label="Quote of the day">
      <blockquote>
        <p>{quote.text}</p>
      </blockquote>
      <figcaption>{quote.name}</figcaption>
    </figure>
  );
}
