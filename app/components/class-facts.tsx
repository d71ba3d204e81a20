import { Fragment, type ReactNode } from "react";

/** A class's facts as a description list; a fact whose value is empty is left out. */
export function ClassFacts({ facts }: { facts: Array<[term: string, value: ReactNode]> }) {
  return (
    <dl className="class-facts">
      {facts
        .filter(([, value]) => value !== null && value !== undefined && value !== "" && value !== false)
        .map(([term, value]) => (
          <Fragment key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </Fragment>
        ))}
    </dl>
  );
}
