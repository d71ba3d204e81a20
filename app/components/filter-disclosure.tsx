import { useRef, type ReactNode } from "react";

/**
 * A page's filters, folded away on a phone (issue 25, docs/decisions/043): a plain <details> that
 * opens and closes without JavaScript, its summary naming what is chosen. It starts open when a
 * filter is in use; on wide screens the stylesheet shows the filters whatever the state and hides
 * the summary. Once open for a chosen filter it is not closed by the page clearing that filter.
 */
export function FilterDisclosure({
  label,
  chosen,
  className,
  children,
}: {
  label: string;
  chosen: string[];
  className?: string;
  children: ReactNode;
}) {
  const openedForChoice = useRef(false);
  if (chosen.length > 0) openedForChoice.current = true;
  return (
    <details className={className ? `filters ${className}` : "filters"} open={openedForChoice.current || undefined}>
      <summary className="filters__summary">
        <span>{label}</span>
        {chosen.length > 0 ? <span className="filters__chosen">{chosen.join(", ")}</span> : null}
      </summary>
      <div className="filters__body">{children}</div>
    </details>
  );
}
