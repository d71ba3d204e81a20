/** Outlets as typographic wordmarks, never copied brand artwork. */
export function PressStrip({
  items,
  label = "As mentioned in",
}: {
  items: Array<{ id: string; outlet: string; url?: string }>;
  label?: string;
}) {
  const seen = new Set<string>();
  const outlets = items.filter((item) => (seen.has(item.outlet) ? false : (seen.add(item.outlet), true)));
  if (outlets.length === 0) return null;
  return (
    <section className="section--tight" aria-label={label}>
      <div className="container">
        <p className="eyebrow press-strip__label">{label}</p>
        <ul className="press-strip">
          {outlets.map((item) => (
            <li key={item.id} className="press-strip__item">
              {item.url ? (
                <a href={item.url} rel="noopener noreferrer" target="_blank">
                  {item.outlet}
                  <span className="visually-hidden"> (opens in a new tab)</span>
                </a>
              ) : (
                item.outlet
              )}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
