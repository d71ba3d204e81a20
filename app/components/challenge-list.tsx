import { Link } from "~/components/link";

export interface ChallengeCard {
  slug: string;
  title: string;
  summary: string;
  tiers: string;
  membersOnly: boolean;
}

/** The challenges running this month, as cards linking to each one's page (issue 27). */
export function ChallengeList({ challenges, headingLevel = 2 }: { challenges: ChallengeCard[]; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <ul className="studio-list challenge-list">
      {challenges.map((c) => (
        <li key={c.slug} className="studio-card">
          <Heading className="studio-card__title">
            <Link to={`/challenges/${c.slug}`}>{c.title}</Link>
          </Heading>
          <p>{c.summary}</p>
          <p className="studio-card__facts">
            {c.tiers}
            {c.membersOnly ? " · For members" : ""}
          </p>
        </li>
      ))}
    </ul>
  );
}
