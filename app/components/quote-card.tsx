export function QuoteCard({ text, name, detail }: { text: string; name: string; detail?: string }) {
  return (
    <figure className="card quote-card">
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
