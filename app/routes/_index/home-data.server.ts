/**
 * What the home page's loader reads, through one module: imported only by the home route, its empty
 * browser stand-in stays inside that route's chunk instead of three shared 112 B chunks of their own
 * on the site's busiest first load (see root-data.server.ts, docs/decisions/043).
 */
export { getPressArticles, getQuotes } from "~/models/content/content.server";
export { getUpcomingClasses } from "~/models/classes/class-schedule.server";
export { classCardWhen } from "~/models/classes/class-listing.server";
export { getTeachers } from "~/models/content/teacher.server";
export { pageOffer } from "~/models/billing/lander-offer.server";
export { readerZone } from "~/server/reader-zone.server";
