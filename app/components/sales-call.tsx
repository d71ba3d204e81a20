import { Link, useRouteLoaderData } from "@remix-run/react";
import type { MemberSummary, SalesCall } from "~/features/identity/member";

/** The part of the root loader's data this reads (the root sits above components on the ladder). */
type RootData = { member: Pick<MemberSummary, "call"> | null };

/**
 * Which call to action this page shows its reader (issue 34, `salesCallFor`). A visitor's page is the
 * shared, cached one, so it always carries the offer; the root loader reads a signed-in person's
 * summary only for their own private page (ADR 009), so nothing personal reaches a shared page.
 */
export function useSalesCall(): SalesCall {
  const root = useRouteLoaderData("root") as RootData | undefined;
  return root?.member?.call ?? "offer";
}

/** A member's own way on, where a visitor would be offered the membership. */
export const MEMBER_CALL = { label: "Your classes", href: "/my-classes" } as const;

/**
 * The page's offer button for someone who can take it, "Your classes" for a member, nothing for
 * anyone else (staff, or someone whose plan has ended).
 */
export function OfferButton({ label, href, className = "button" }: { label: string; href: string; className?: string }) {
  const call = useSalesCall();
  if (call === "none") return null;
  const target = call === "offer" ? { label, href } : MEMBER_CALL;
  return (
    <Link className={className} to={target.href}>
      {target.label}
    </Link>
  );
}
