import { createHash } from "node:crypto";
import { z } from "zod";
import { getStore } from "~/services/store/index.server";
import { documentsWhere } from "~/services/store/documents-where.server";
import { SignatureSchema, WaiverSchema, signatureId, waiverId, type Signature, type Waiver } from "./waiver";

/**
 * Waivers in the store (issue 12; docs/decisions/023-waivers.md). `waivers/{studioId}-v{n}` are the
 * published versions, created once and never written again; `waiverHeads/{studioId}` names the
 * current one; `waiverSignatures/{studioId}-v{n}:{uid}` is one member's signature of one version.
 */

export const WAIVERS = "waivers";
export const WAIVER_HEADS = "waiverHeads";
export const WAIVER_SIGNATURES = "waiverSignatures";

export const WaiverHeadSchema = z.object({ studioId: z.string(), version: z.number().int().min(1) });

export function textHash(text: string): string {
  return createHash("sha256").update(text, "utf8").digest("hex");
}

export async function getCurrentWaiver(studioId: string): Promise<Waiver | null> {
  const head = await getStore().get(WAIVER_HEADS, studioId, WaiverHeadSchema);
  return head ? getStore().get(WAIVERS, waiverId(studioId, head.version), WaiverSchema) : null;
}

export function getWaiver(studioId: string, version: number): Promise<Waiver | null> {
  return getStore().get(WAIVERS, waiverId(studioId, version), WaiverSchema);
}

/**
 * Publishes the next version. The head is read and moved in one transaction and the version is
 * created (never set), so two editors publishing at once make versions n+1 and n+2, never one
 * overwriting the other. Everyone must sign again before their next booking.
 */
export async function publishWaiver(input: { studioId: string; title: string; text: string; now: Date }): Promise<Waiver> {
  return getStore().transaction(async (tx) => {
    const head = await tx.get(WAIVER_HEADS, input.studioId, WaiverHeadSchema);
    const version = (head?.version ?? 0) + 1;
    const waiver: Waiver = {
      id: waiverId(input.studioId, version),
      studioId: input.studioId,
      version,
      title: input.title,
      text: input.text,
      publishedAt: input.now.getTime(),
    };
    tx.create(WAIVERS, waiver.id, { ...waiver });
    tx.set(WAIVER_HEADS, input.studioId, { studioId: input.studioId, version });
    return waiver;
  });
}

export function getSignature(uid: string, studioId: string, version: number): Promise<Signature | null> {
  return getStore().get(WAIVER_SIGNATURES, signatureId(studioId, version, uid), SignatureSchema);
}

/** Every signature a member has made, newest first, for "what you signed". */
export async function signaturesOf(uid: string): Promise<Signature[]> {
  const { docs } = await getStore().query(WAIVER_SIGNATURES, SignatureSchema, { where: [{ field: "uid", op: "==", value: uid }] });
  return docs.map((doc) => doc.data).sort((a, b) => b.signedAt - a.signedAt);
}

/** The signatures made at a studio, newest first, for staff: who signed which version, and when. */
export async function signaturesAt(studioId: string, limit = 50): Promise<Signature[]> {
  const { docs } = await getStore().query(WAIVER_SIGNATURES, SignatureSchema, {
    where: [{ field: "studioId", op: "==", value: studioId }],
  });
  return docs
    .map((doc) => doc.data)
    .sort((a, b) => b.signedAt - a.signedAt)
    .slice(0, limit);
}

export type SignInput = {
  uid: string;
  studioId: string;
  /** The version the member read (from the form): it must still be the current one. */
  version: number;
  now: Date;
  signer: Signature["signer"];
  guardian: Signature["guardian"];
};

/**
 * Records a signature of the current version, with the hash of the text the member was shown. A
 * version that is not the current one (forged, or superseded while they read) is refused and nothing
 * is written; signing the same version twice keeps the first signature.
 */
export async function signWaiver(
  input: SignInput,
): Promise<{ ok: true; signature: Signature; already: boolean } | { ok: false; reason: "no_waiver" | "stale_version" }> {
  return getStore().transaction(async (tx) => {
    const head = await tx.get(WAIVER_HEADS, input.studioId, WaiverHeadSchema);
    if (!head) return { ok: false, reason: "no_waiver" } as const;
    if (head.version !== input.version) return { ok: false, reason: "stale_version" } as const;
    const id = signatureId(input.studioId, head.version, input.uid);
    const [waiver, existing] = await Promise.all([
      tx.get(WAIVERS, waiverId(input.studioId, head.version), WaiverSchema),
      tx.get(WAIVER_SIGNATURES, id, SignatureSchema),
    ]);
    if (!waiver) return { ok: false, reason: "no_waiver" } as const;
    if (existing) return { ok: true, signature: existing, already: true } as const;
    const signature: Signature = {
      id,
      studioId: input.studioId,
      version: head.version,
      waiverId: waiver.id,
      textHash: textHash(waiver.text),
      uid: input.uid,
      signedAt: input.now.getTime(),
      signer: input.signer,
      guardian: input.guardian,
    };
    tx.create(WAIVER_SIGNATURES, id, { ...signature });
    return { ok: true, signature, already: false } as const;
  });
}

/**
 * Deletes a leaving member's waiver signatures (name, e-mail, phone, birthday, a guardian's name).
 * The waiver texts stay; a signed copy is theirs to download before they go (ADR 032).
 */
export async function forgetSignatures(uid: string): Promise<void> {
  for (const { id } of await documentsWhere(WAIVER_SIGNATURES, "uid", uid)) await getStore().delete(WAIVER_SIGNATURES, id);
}
