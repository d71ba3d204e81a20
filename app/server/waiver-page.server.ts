import { safeRedirectPath } from "~/lib/navigation";
import { studioTime } from "~/models/studios/studio";
import { getStudioBySlug } from "~/models/studios/studio.server";
import type { ViewerState } from "./viewer.server";
import { memberZone } from "./reader-zone.server";
import { isMinor, signWaiverSchema, signedCopy } from "~/models/studios/waiver";
import { getCurrentWaiver, getSignature, getWaiver, signWaiver, signaturesOf } from "~/models/studios/waiver.server";
import { readRouteForm } from "./body-limits.server";

/**
 * The waiver page (issue 12): the studio's current version in full, the signing form (typed name,
 * consent, and a guardian for members under 18 on the studio's calendar), what the member has signed,
 * and the way back to the booking they were making.
 */

const FIELDS = ["fullName", "consent", "birthday", "guardianName", "guardianConsent", "version"] as const;

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

export type WaiverActionResult =
  | { redirect: string }
  | {
      status: number;
      formError?: string;
      fieldErrors: Partial<Record<(typeof FIELDS)[number], string>>;
      values: Partial<Record<(typeof FIELDS)[number], string>>;
    };

export async function waiverAction(request: Request, state: ViewerState, slug: string): Promise<WaiverActionResult> {
  const studio = await getStudioBySlug(slug);
  if (!studio) return { status: 404, formError: "We couldn't find that studio.", fieldErrors: {}, values: {} };
  const body = await readRouteForm(request);
  if (!body.ok) return { status: body.status, formError: body.message, fieldErrors: {}, values: {} };
  const raw = Object.fromEntries(
    FIELDS.map((name) => [name, body.formData.get(name) ?? undefined]).filter(([, v]) => typeof v === "string"),
  ) as Record<string, string>;
  const values = { fullName: raw.fullName ?? "", birthday: raw.birthday ?? "", guardianName: raw.guardianName ?? "" };
  const now = new Date();
  const birthdayOnFile = state.user.birthday ?? null;
  const expectedName = [state.user.firstName, state.user.lastName].filter(Boolean).join(" ") || null;
  const parsed = signWaiverSchema({ expectedName, birthday: birthdayOnFile, now, timeZone: studio.timeZone }).safeParse(raw);
  if (!parsed.success) {
    const fieldErrors: Record<string, string> = {};
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0] ?? "form");
      fieldErrors[key] ??= issue.message;
    }
    return { status: 400, formError: fieldErrors.version, fieldErrors, values };
  }
  const form = parsed.data;
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
  if (!result.ok) {
    return {
      status: 409,
      formError:
        result.reason === "stale_version"
          ? "This waiver isn't the current version (it may have been updated while you were reading). Please read the version below and sign that one."
          : "This studio has no waiver to sign just now.",
      fieldErrors: {},
      values,
    };
  }
  const next = nextPath(new URL(request.url).searchParams.get("next"), studio.slug);
  return { redirect: `${next}${next.includes("?") ? "&" : "?"}signed=1` };
}

/** The signed copy as a download: the exact text of that version and the signature's details. */
export async function signedCopyFor(state: ViewerState, slug: string, versionParam: string | null) {
  const studio = await getStudioBySlug(slug);
  const version = Number(versionParam);
  if (!studio || !Number.isInteger(version) || version < 1) return null;
  const [waiver, signature] = await Promise.all([getWaiver(studio.id, version), getSignature(state.viewer.uid, studio.id, version)]);
  if (!waiver || !signature) return null;
  return { filename: `${studio.slug}-waiver-v${version}-signed.txt`, text: signedCopy(waiver, signature, studio.name, studio.timeZone) };
}
