import type { MetaDescriptor } from "@remix-run/react";

export const SITE_NAME = "Stillhour";
/** §1: the default title and description, used by every page that sets none of its own. */
export const DEFAULT_TITLE = "Stillhour · Guided meditation, mindfulness and breathwork classes";
export const DEFAULT_DESCRIPTION = "Live and on-demand mindfulness classes to help you be present, together.";

type MatchLike = { id: string; data?: unknown };

/** Reads the site's public origin from the root loader's data, falling back to the request-free default. */
export function siteUrlFrom(matches: ReadonlyArray<MatchLike> | undefined): string {
  const root = matches?.find((match) => match.id === "root")?.data as { siteUrl?: unknown } | undefined;
  return typeof root?.siteUrl === "string" ? root.siteUrl : "http://localhost:3000";
}

/** Title, description, canonical link, OpenGraph and Twitter tags for one page. */
export function pageMeta(args: {
  title?: string;
  description?: string;
  path: string;
  matches?: ReadonlyArray<MatchLike>;
  type?: "website" | "article" | "profile";
  image?: string;
}): MetaDescriptor[] {
  const title = args.title ? `${args.title} · ${SITE_NAME}` : DEFAULT_TITLE;
  const description = args.description || DEFAULT_DESCRIPTION;
  const siteUrl = siteUrlFrom(args.matches);
  const url = new URL(args.path, siteUrl).toString();
  const image = new URL(args.image ?? "/social-card.png", siteUrl).toString();
  return [
    { title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: SITE_NAME },
    { property: "og:type", content: args.type ?? "website" },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: image },
  ];
}

/** The Organization structured data every page carries (§1). */
export function organizationJsonLd(siteUrl: string) {
  return {
    "@context": "https://schema.org",
    "@type": "Organization",
    name: SITE_NAME,
    url: siteUrl,
    logo: new URL("/logo.svg", siteUrl).toString(),
  };
}

/** Serialises JSON-LD so it cannot close its <script> element. */
export function jsonLdString(data: unknown): string {
  return JSON.stringify(data).replace(/</g, "\\u003c").replace(/>/g, "\\u003e").replace(/&/g, "\\u0026");
}

/** Article structured data for a blog post. */
export function articleJsonLd(args: {
  siteUrl: string;
  path: string;
  title: string;
  description: string;
  publishedAt: string;
  authorName: string;
  authorPath?: string | null;
}) {
  return {
    "@context": "https://schema.org",
    "@type": "Article",
    headline: args.title,
    description: args.description,
    datePublished: args.publishedAt,
    mainEntityOfPage: new URL(args.path, args.siteUrl).toString(),
    author: {
      "@type": "Person",
      name: args.authorName,
      ...(args.authorPath ? { url: new URL(args.authorPath, args.siteUrl).toString() } : {}),
    },
    publisher: organizationJsonLd(args.siteUrl),
  };
}

/** Person structured data for a teacher's page. */
export function personJsonLd(args: {
  siteUrl: string;
  path: string;
  name: string;
  description: string;
  image: string;
  sameAs?: string[];
  location?: string;
}) {
  return {
    "@context": "https://schema.org",
    "@type": "Person",
    name: args.name,
    description: args.description,
    url: new URL(args.path, args.siteUrl).toString(),
    image: new URL(args.image, args.siteUrl).toString(),
    jobTitle: "Meditation teacher",
    worksFor: { "@type": "Organization", name: SITE_NAME, url: args.siteUrl },
    ...(args.location ? { homeLocation: { "@type": "Place", name: args.location } } : {}),
    ...(args.sameAs && args.sameAs.length ? { sameAs: args.sameAs } : {}),
  };
}

/** FAQPage structured data from question and answer pairs. */
export function faqJsonLd(entries: Array<{ question: string; answer: string }>) {
  return {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    mainEntity: entries.map((entry) => ({
      "@type": "Question",
      name: entry.question,
      acceptedAnswer: { "@type": "Answer", text: entry.answer },
    })),
  };
}

/** The fields every Event shares: what, when, its address, how people attend and its status. */
function eventBase(
  args: { title: string; description: string; startsAt: string; endsAt: string; status: "scheduled" | "cancelled" | "rescheduled" },
  url: string,
  attendance: "Online" | "Offline",
) {
  const statuses = { scheduled: "EventScheduled", cancelled: "EventCancelled", rescheduled: "EventRescheduled" } as const;
  return {
    "@context": "https://schema.org",
    "@type": "Event",
    name: args.title,
    description: args.description,
    startDate: args.startsAt,
    endDate: args.endsAt,
    url,
    eventAttendanceMode: `https://schema.org/${attendance}EventAttendanceMode`,
    eventStatus: `https://schema.org/${statuses[args.status]}`,
  };
}

/**
 * Event structured data for a live class: online attendance at a virtual location (the class page,
 * never the room), the status when cancelled or rescheduled, and a BroadcastEvent while it is live.
 */
export function classEventJsonLd(args: {
  siteUrl: string;
  path: string;
  title: string;
  description: string;
  startsAt: string;
  endsAt: string;
  teacherName: string | null;
  status: "scheduled" | "cancelled" | "rescheduled";
  live: boolean;
}) {
  const url = new URL(args.path, args.siteUrl).toString();
  return {
    ...eventBase(args, url, "Online"),
    location: { "@type": "VirtualLocation", url },
    organizer: { "@type": "Organization", name: SITE_NAME, url: args.siteUrl },
    ...(args.teacherName ? { performer: { "@type": "Person", name: args.teacherName } } : {}),
    ...(args.live
      ? { subjectOf: { "@type": "BroadcastEvent", isLiveBroadcast: true, startDate: args.startsAt, endDate: args.endsAt, url } }
      : {}),
  };
}

/** schema.org VideoObject for an on-demand class page (no stream address: that is for members). */
export function videoJsonLd(args: {
  siteUrl: string;
  path: string;
  title: string;
  description: string;
  thumbnail: string;
  uploadDate: string;
  duration: string;
  teacherName: string | null;
}) {
  return {
    "@context": "https://schema.org",
    "@type": "VideoObject",
    name: args.title,
    description: args.description,
    thumbnailUrl: [new URL(args.thumbnail, args.siteUrl).toString()],
    uploadDate: args.uploadDate,
    duration: args.duration,
    url: new URL(args.path, args.siteUrl).toString(),
    isAccessibleForFree: false,
    ...(args.teacherName ? { creator: { "@type": "Person", name: args.teacherName } } : {}),
    publisher: { "@type": "Organization", name: SITE_NAME, url: args.siteUrl },
  };
}

/** schema.org Place for a studio (issue 12): its name, postal address and a link to a map. */
export function studioPlaceJsonLd(args: {
  siteUrl: string;
  path: string;
  name: string;
  description: string;
  address: { streetAddress: string; addressLocality: string; addressRegion: string; postalCode: string; addressCountry: string };
  mapUrl: string;
}) {
  return {
    "@context": "https://schema.org",
    "@type": "Place",
    name: args.name,
    description: args.description,
    url: new URL(args.path, args.siteUrl).toString(),
    hasMap: args.mapUrl,
    address: { "@type": "PostalAddress", ...args.address },
  };
}

/** Event structured data for an in-person class: offline attendance at the studio's Place. */
export function inPersonEventJsonLd(args: {
  siteUrl: string;
  path: string;
  title: string;
  description: string;
  startsAt: string;
  endsAt: string;
  cancelled: boolean;
  place: ReturnType<typeof studioPlaceJsonLd>;
  offer?: { price: string; currency: string; available: boolean } | null;
}) {
  const url = new URL(args.path, args.siteUrl).toString();
  const { "@context": _context, ...location } = args.place;
  return {
    ...eventBase({ ...args, status: args.cancelled ? "cancelled" : "scheduled" }, url, "Offline"),
    location,
    organizer: { "@type": "Organization", name: SITE_NAME, url: args.siteUrl },
    ...(args.offer
      ? {
          offers: {
            "@type": "Offer",
            url,
            price: args.offer.price,
            priceCurrency: args.offer.currency,
            availability: `https://schema.org/${args.offer.available ? "InStock" : "SoldOut"}`,
          },
        }
      : {}),
  };
}
