import { redirect } from "@remix-run/node";
import { safeRedirectPath } from "~/lib/navigation";
import { studioTime } from "~/models/studios/studio";
import { getStudioBySlug } from "~/models/studios/studio.server";
import { isMinor, signWaiverSchema } from "~/models/studios/waiver";
import { getCurrentWaiver, signWaiver, signaturesOf } from "~/models/studios/waiver.server";
import { memberZone } from "~/server/reader-zone.server";
import { readSubmission, refuse } from "~/server/submission.server";
import type { ViewerState } from "~/server/viewer.server";

/**
 * The waiver page (issue 12): the studio's current version in full, the signing form (typed name,
 * consent, and a guardian for members under 18 on the studio's calendar), what the member has signed,
 * and the way back to the booking they were making.
 */

/** Only back to this studio's own pages; anything else returns to the studio. */
function nextPath(raw: string | null, slug: string): string {
  const fallback = `/studios/${slug}`;
  const path = safeRedirectPath(raw, fallback);
  return path.startsWith(`/studios/${slug}/`) || path === fallback ? path : fallback;
}

export async function waiverPage(request: Request, state: ViewerState, slug: string) {
  const studio = await getStudioBySlug(slug);
  if (!studio) return null;
  const waiver = await getCurrentWaiver(studio.id);
  const url = new URL(request.url);
  const uid = state.viewer.uid;
  const mine = (await signaturesOf(uid)).filter((s) => s.studioId === studio.id);
  const current = waiver ? (mine.find((s) => s.version === waiver.version) ?? null) : null;
  const birthday = state.user.birthday ?? null;
  const expectedName = [state.user.firstName, state.user.lastName].filter(Boolean).join(" ") || null;
  const reader = await memberZone(request, state.user);
  return {
    studio: { slug: studio.slug, name: studio.name },
    waiver: waiver
      ? {
          version: waiver.version,
          title: waiver.title,
          text: waiver.text,
          published: studioTime(new Date(waiver.publishedAt), studio.timeZone, { reader }),
        }
      : null,
    signedCurrent: current ? { when: studioTime(new Date(current.signedAt), studio.timeZone, { reader }), version: current.version } : null,
    signed: mine.map((s) => ({
      version: s.version,
      when: studioTime(new Date(s.signedAt), studio.timeZone, { reader }),
      href: `/studios/${studio.slug}/waiver/signed.txt?version=${s.version}`,
    })),
    next: nextPath(url.searchParams.get("next"), studio.slug),
    expectedName,
    askBirthday: !birthday,
    /** Guardian fields: shown when under 18 by the birthday on file, or when we don't know it. */
    askGuardian: !birthday || isMinor(birthday, new Date(), studio.timeZone),
    knownMinor: Boolean(birthday && isMinor(birthday, new Date(), studio.timeZone)),
  };
}

/** The form's fields a refusal hands back as typed (never the version or the boxes). */
const ECHO = ["fullName", "birthday", "guardianName"] as const;

const STALE =
  "This waiver isn't the current version (it may have been updated while you were reading). Please read the version below and sign that one.";

/**
 * Signs the studio's current waiver and returns to the booking it interrupted. A refusal is
 * `{ errors, values }`: a message beside each field, and a version that could not be read under `form`.
 */
export async function waiverAction(request: Request, state: ViewerState, slug: string) {
  const studio = await getStudioBySlug(slug);
  if (!studio) return refuse({ form: "We couldn't find that studio." }, {}, 404);
  const now = new Date();
  const expectedName = [state.user.firstName, state.user.lastName].filter(Boolean).join(" ") || null;
  const schema = signWaiverSchema({ expectedName, birthday: state.user.birthday ?? null, now, timeZone: studio.timeZone });
  const submission = await readSubmission(request, schema, ECHO);
  if (!submission.ok) return submission.reply;
  const form = submission.value;
  const minor = isMinor(form.birthday, now, studio.timeZone);
  const result = await signWaiver({
    uid: state.viewer.uid,
    studioId: studio.id,
    version: form.version,
    now,
    signer: {
      fullName: form.fullName,
      email: state.user.email ?? null,
      phoneNumber: state.user.phoneNumber ?? null,
      birthday: form.birthday,
      minor,
    },
    guardian: minor ? { fullName: form.guardianName, consent: true } : null,
  });
  if (!result.ok)
    return refuse(
      { form: result.reason === "stale_version" ? STALE : "This studio has no waiver to sign just now." },
      submission.echo,
      409,
    );
  const next = nextPath(new URL(request.url).searchParams.get("next"), studio.slug);
  return redirect(`${next}${next.includes("?") ? "&" : "?"}signed=1`, 303);
}

/** What the waiver page shows, as its loader answers it. */
export type WaiverPageModel = NonNullable<Awaited<ReturnType<typeof waiverPage>>>;
