import { Link } from "~/components/link";
import { FilterDisclosure } from "~/components/filter-disclosure";
import type { HubPageModel } from "./page.server";

/** The hub's heading, its links (favourites and history for anyone signed in), and the word on membership. */
export function HubIntro({ page }: { page: Pick<HubPageModel, "personal" | "access"> }) {
  return (
    <header className="page-intro">
      <p className="eyebrow">On demand</p>
      <h1>Classes for whenever you have a moment</h1>
      <p>Short sits, steadying breath and gentle wind-downs, each with captions and a transcript.</p>
      <p>
        <Link to="/search">Search the library</Link>
        {page.personal ? (
          <>
            {" · "}
            <Link to="/on-demand/favorites">Favourites</Link>
            {" · "}
            <Link to="/on-demand/history">History</Link>
          </>
        ) : null}
      </p>
      {page.access !== "member" ? (
        <p className="od-offer" role="note">
          {page.access === "visitor" ? "Every class here is part of the membership. " : "Your account doesn't have a membership yet. "}
          <Link to="/subscribe?next=%2Fon-demand">{page.access === "visitor" ? "Start with a free week" : "See memberships"}</Link>.
        </p>
      ) : null}
    </header>
  );
}

/** The kinds of class as plain links, the chosen one marked. */
export function ModalityToggle({ page }: { page: Pick<HubPageModel, "modalityLabel" | "toggle" | "modality"> }) {
  return (
    <FilterDisclosure label="Kind of class" chosen={page.modalityLabel ? [page.modalityLabel] : []}>
      <nav aria-label="Kind of class" className="od-toggle">
        <ul className="category-nav">
          {page.toggle.map((option) => (
            <li key={option.label}>
              <Link to={option.href} aria-current={option.value === page.modality ? "page" : undefined} preventScrollReset>
                {option.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </FilterDisclosure>
  );
}
