import type { ReactNode } from "react";

export function SectionHeading({
  id,
  eyebrow,
  title,
  description,
  action,
  align = "start",
  level = 2,
}: {
  /** Give the heading an id so the section can be labelled by it. */
  id?: string;
  eyebrow?: string;
  title: string;
  description?: string;
  /** A link shown beside the heading, e.g. "All teachers". */
  action?: ReactNode;
  align?: "start" | "center";
  level?: 1 | 2;
}) {
  const Heading = `h${level}` as const;
  return (
    <div className={`section-heading${align === "center" ? " section-heading--center" : ""}`}>
      <div className="section-heading__text">
        {eyebrow ? <p className="eyebrow">{eyebrow}</p> : null}
        <Heading id={id}>{title}</Heading>
        {description ? <p>{description}</p> : null}
      </div>
      {action ? <div>{action}</div> : null}
    </div>
  );
}
