import { z } from "zod";
import { findAccount, getAccount, listAccounts, setClaims, type IdentityAccount } from "~/services/identity/index.server";
import { getStore } from "~/services/store/index.server";
import { invalidate } from "~/lib/cache.server";
import { ROLES } from "~/lib/route-handle";
import { problemOf, type Problem } from "~/lib/errors";
import { rolesFromClaims, type Role } from "~/models/identity/user";
import { PRIVATE_USERS, PrivateUserSchema, getPrivateUser } from "~/models/identity/user.server";
import { toE164 } from "~/models/identity/phone";
import { StudioSchema, type Studio } from "~/models/studios/studio";
import { STUDIOS } from "~/models/studios/studio-records";
import type { AuditActor } from "./audit";
import { listTeachersForStaff } from "./teachers.server";
import { recordChange } from "./audit.server";

/**
 * People and roles (issue 26; ADR 044). Roles live where §6 says, in the account's sign-in claims,
 * set through the identity port. Beside them the store keeps `staffRoster/current`, one document
 * naming everyone who holds a role: the people page lists it, the audit page filters by it, and
 * because every role change reads and writes it inside one transaction, two admins removing each
 * other's admin role at the same moment cannot leave the site with none.
 *
 * Order of a change: the transaction (last-admin check, roster, audit entry) commits first, then the
 * claims are set. If the identity provider fails in between, the person is told to press save
 * again, which sets the claims without a second entry (the roster already says so).
 */

export const STAFF_ROSTER = "staffRoster";
const ROSTER_ID = "current";

const RosterMemberSchema = z.object({ roles: z.array(z.enum(ROLES)), name: z.string(), contact: z.string() });
const RosterSchema = z.object({ members: z.record(RosterMemberSchema) });
type Roster = z.infer<typeof RosterSchema>;

export interface Person {
  uid: string;
  name: string;
  phoneNumber: string | null;
  email: string | null;
  roles: Role[];
  anonymous: boolean;
  /** Slugs of the studios whose front desk this person runs. */
  studioIds: string[];
  /** The teacher a facilitator teaches as (the `teacherId` claim, ADR 037), or "". */
  teacherId: string;
}

/** The roster, made once from the identity provider's accounts when the store has none yet. */
/**
 * Whether anyone but `uid` holds the admin role on the roster: read before a page asks "are you
 * sure?", so the last admin is refused at once rather than asked first. `setRoles` checks again
 * inside its transaction, which is what holds under a race.
 */
export async function otherAdminsExist(uid: string): Promise<boolean> {
  const roster = await loadRoster();
  return Object.entries(roster.members).some(([other, member]) => other !== uid && member.roles.includes("admin"));
}

async function loadRoster(): Promise<Roster> {
  const store = getStore();
  const existing = await store.get(STAFF_ROSTER, ROSTER_ID, RosterSchema);
  if (existing) return existing;
  const members: Roster["members"] = {};
  let pageToken: string | undefined;
  do {
    const page = await listAccounts(pageToken);
    for (const account of page.accounts) {
      const roles = rolesFromClaims(account.claims);
      if (roles.length > 0 && !account.anonymous)
        members[account.uid] = { roles, name: await nameOf(account), contact: contactOf(account) };
    }
    pageToken = page.nextPageToken;
  } while (pageToken);
  await store.createIfAbsent(STAFF_ROSTER, ROSTER_ID, { members });
  return (await store.get(STAFF_ROSTER, ROSTER_ID, RosterSchema)) ?? { members };
}

/** Everyone who holds a role, by name. */
export async function listStaff(): Promise<Array<{ uid: string; name: string; contact: string; roles: Role[] }>> {
  const roster = await loadRoster();
  return Object.entries(roster.members)
    .filter(([, member]) => member.roles.length > 0)
    .map(([uid, member]) => ({ uid, ...member }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

async function nameOf(account: IdentityAccount): Promise<string> {
  const record = await getPrivateUser(account.uid);
  return [record?.firstName, record?.lastName].filter(Boolean).join(" ") || account.email || account.phoneNumber || account.uid;
}

function teacherClaim(account: IdentityAccount): string {
  return typeof account.claims.teacherId === "string" ? account.claims.teacherId : "";
}

function contactOf(account: IdentityAccount): string {
  return account.phoneNumber ?? account.email ?? "";
}

async function toPerson(account: IdentityAccount, studios: Studio[]): Promise<Person> {
  return {
    uid: account.uid,
    name: await nameOf(account),
    phoneNumber: account.phoneNumber,
    email: account.email,
    roles: rolesFromClaims(account.claims),
    anonymous: account.anonymous,
    studioIds: studios.filter((s) => s.staffUids.includes(account.uid)).map((s) => s.id),
    teacherId: teacherClaim(account),
  };
}

/** Studios read fresh (the public list is cached for a minute; an assignment must show at once). */
export async function studiosNow(): Promise<Studio[]> {
  const { docs } = await getStore().query(STUDIOS, StudioSchema);
  return docs.map((doc) => doc.data).sort((a, b) => a.name.localeCompare(b.name));
}

export const PEOPLE_QUERY_MAX = 80;

/**
 * People matching what an admin typed: an e-mail address, a phone number (any usual spelling; US
 * when no country code), or the start of a first name, last name, or both, as the member wrote it
 * (tried as typed and with a capital first letter). At most 20.
 */
export async function findPeople(typed: string): Promise<Person[]> {
  const text = typed.normalize("NFKC").trim().slice(0, PEOPLE_QUERY_MAX);
  if (!text) return [];
  const studios = await studiosNow();
  if (text.includes("@")) {
    // The sign-in address (e-mail link accounts), else the profile address a phone member gave.
    const email = text.toLowerCase();
    const account = (await findAccount({ email })) ?? (await profileAccount(email));
    return account ? [await toPerson(account, studios)] : [];
  }
  if (/^\+?[\d\s().-]{7,}$/.test(text)) {
    const parsed = toE164("US", text);
    const phoneNumber = parsed.ok ? parsed.e164 : `+${text.replace(/\D/g, "")}`;
    const account = await findAccount({ phoneNumber });
    return account ? [await toPerson(account, studios)] : [];
  }
  const [first, ...rest] = text.split(/\s+/);
  const last = rest.join(" ");
  const capital = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
  const uids = new Set<string>();
  const prefixes = [...new Set([first, capital(first)])];
  const fields = last ? ["firstName"] : ["firstName", "lastName"];
  for (const field of fields) {
    for (const prefix of prefixes) {
      const { docs } = await getStore().query(PRIVATE_USERS, PrivateUserSchema, {
        where: [
          { field, op: ">=", value: prefix },
          { field, op: "<", value: `${prefix}\uf8ff` },
        ],
        limit: 20,
      });
      for (const doc of docs) {
        if (last && !(doc.data.lastName ?? "").toLowerCase().startsWith(last.toLowerCase())) continue;
        uids.add(doc.id);
      }
    }
  }
  const people: Person[] = [];
  for (const uid of [...uids].slice(0, 20)) {
    const account = await getAccount(uid);
    if (account && !account.anonymous) people.push(await toPerson(account, studios));
  }
  return people;
}

async function profileAccount(email: string): Promise<IdentityAccount | null> {
  const { docs } = await getStore().query(PRIVATE_USERS, PrivateUserSchema, {
    where: [{ field: "email", op: "==", value: email }],
    limit: 1,
  });
  return docs[0] ? getAccount(docs[0].id) : null;
}

/** One person by uid, as the people page shows them; null when there is no such account. */
export async function getPerson(uid: string): Promise<Person | null> {
  const account = await getAccount(uid);
  return account ? toPerson(account, await studiosNow()) : null;
}

export type PeopleResult = { ok: true; changed: boolean } | { ok: false; problem: Problem };

function roleFlags(roles: readonly Role[]): Record<Role, boolean> {
  return Object.fromEntries(ROLES.map((role) => [role, roles.includes(role)])) as Record<Role, boolean>;
}

/**
 * Gives a person exactly `desired` roles and, when `teacherId` is given, the teacher they teach as
 * ("" for none; undefined keeps what they have). Refuses to leave the site without an admin, and
 * refuses anonymous accounts and unknown teachers. Writes one audit entry when anything changes;
 * none when nothing does.
 */
export async function setRoles(
  actor: AuditActor,
  uid: string,
  desired: readonly Role[],
  now = new Date(),
  teacherId?: string,
): Promise<PeopleResult> {
  const account = await getAccount(uid);
  if (!account) return { ok: false, problem: problemOf("staff_person_not_found") };
  if (account.anonymous) return { ok: false, problem: problemOf("staff_anonymous_person") };
  // Any teacher profile, hidden ones too: a new teacher edits their own profile before their page is shown.
  if (teacherId && !(await listTeachersForStaff()).some((teacher) => teacher.profile.id === teacherId))
    return { ok: false, problem: problemOf("staff_unknown_teacher") };
  const want = ROLES.filter((role) => desired.includes(role));
  const had = rolesFromClaims(account.claims);
  const teacherBefore = teacherClaim(account);
  const teacherAfter = teacherId === undefined ? teacherBefore : teacherId;
  await loadRoster();
  const name = await nameOf(account);
  const outcome = await getStore().transaction(async (tx) => {
    const roster = (await tx.get(STAFF_ROSTER, ROSTER_ID, RosterSchema)) ?? { members: {} };
    // What the log calls "before" is what the roster last recorded (the claims when it has no entry),
    // so saving again after the sign-in service failed writes no second entry.
    const recorded = roster.members[uid]?.roles ?? had;
    const otherAdmins = Object.entries(roster.members).filter(([other, member]) => other !== uid && member.roles.includes("admin"));
    const isAdmin = had.includes("admin") || recorded.includes("admin");
    if (isAdmin && !want.includes("admin") && otherAdmins.length === 0) return { lastAdmin: true as const, logged: false };
    const members = { ...roster.members };
    if (want.length > 0) members[uid] = { roles: [...want], name, contact: contactOf(account) };
    else delete members[uid];
    tx.set(STAFF_ROSTER, ROSTER_ID, { members });
    const added = want.filter((role) => !recorded.includes(role));
    const removed = recorded.filter((role) => !want.includes(role));
    const logged = recordChange(tx, {
      actor,
      area: "people",
      action:
        added.length > 0 && removed.length > 0
          ? "changed roles"
          : added.length > 0
            ? "granted roles"
            : removed.length > 0
              ? "removed roles"
              : "changed the teacher",
      target: { collection: "accounts", id: uid, label: name },
      before: { roles: roleFlags(recorded), teacherId: teacherBefore || null },
      after: { roles: roleFlags(want), teacherId: teacherAfter || null },
      at: now,
    });
    return { lastAdmin: false as const, logged };
  });
  if (outcome.lastAdmin) return { ok: false, problem: problemOf("staff_last_admin") };
  const claimsMatch = had.length === want.length && had.every((role) => want.includes(role)) && teacherBefore === teacherAfter;
  if (claimsMatch) return { ok: true, changed: outcome.logged };
  const kept = Object.fromEntries(
    Object.entries(account.claims).filter(
      ([key, value]) =>
        !(ROLES as readonly string[]).includes(key) && key !== "teacherId" && (typeof value === "string" || typeof value === "boolean"),
    ),
  );
  try {
    await setClaims(uid, {
      ...(kept as Record<string, string | boolean>),
      ...Object.fromEntries(want.map((role) => [role, true])),
      ...(teacherAfter ? { teacherId: teacherAfter } : {}),
    });
  } catch {
    return { ok: false, problem: problemOf("staff_roles_not_applied") };
  }
  return { ok: true, changed: true };
}

/** "Download my data" (issue 35): a person's own entry on the staff roster, or null. */
export async function rosterEntryOf(uid: string): Promise<{ roles: Role[]; name: string; contact: string } | null> {
  return (await getStore().get(STAFF_ROSTER, ROSTER_ID, RosterSchema))?.members[uid] ?? null;
}

/**
 * Account deletion (ADR 032, issue 35): their entry leaves the roster, in one transaction with the
 * same last-admin check as a role change, so a deletion and a role removal at the same moment cannot
 * leave the site without an admin. The only admin is refused (`account_last_admin`) and nothing
 * changes; they can make someone else an admin first.
 */
export async function leaveStaff(uid: string): Promise<{ ok: true } | { ok: false; problem: Problem }> {
  const account = await getAccount(uid);
  const had = account ? rolesFromClaims(account.claims) : [];
  if (had.length === 0 && !(await getStore().get(STAFF_ROSTER, ROSTER_ID, RosterSchema))?.members[uid]) return { ok: true };
  await loadRoster();
  return getStore().transaction(async (tx) => {
    const roster = (await tx.get(STAFF_ROSTER, ROSTER_ID, RosterSchema)) ?? { members: {} };
    const isAdmin = had.includes("admin") || (roster.members[uid]?.roles.includes("admin") ?? false);
    const otherAdmins = Object.entries(roster.members).filter(([other, member]) => other !== uid && member.roles.includes("admin"));
    if (isAdmin && otherAdmins.length === 0) return { ok: false as const, problem: problemOf("account_last_admin") };
    if (roster.members[uid]) {
      const members = { ...roster.members };
      delete members[uid];
      tx.set(STAFF_ROSTER, ROSTER_ID, { members });
    }
    return { ok: true as const };
  });
}

/**
 * Makes `uid` front-desk staff at exactly these studios (and nowhere else), one audit entry for the
 * change. The public studio list is cached for up to a minute per instance; the front desk reads
 * its own studios through that list, so another instance may take that long to show a new desk.
 */
export async function assignStudios(actor: AuditActor, uid: string, studioIds: readonly string[], now = new Date()): Promise<PeopleResult> {
  const account = await getAccount(uid);
  if (!account) return { ok: false, problem: problemOf("staff_person_not_found") };
  const studios = await studiosNow();
  if (studioIds.some((id) => !studios.some((s) => s.id === id))) return { ok: false, problem: problemOf("staff_unknown_studio") };
  const name = await nameOf(account);
  const changed = await getStore().transaction(async (tx) => {
    const current = await Promise.all(studios.map((s) => tx.get(STUDIOS, s.id, StudioSchema)));
    const before = current
      .filter((s): s is Studio => s !== null && s.staffUids.includes(uid))
      .map((s) => s.id)
      .sort();
    const after = [...new Set(studioIds)].sort();
    for (const studio of current) {
      if (!studio) continue;
      const has = studio.staffUids.includes(uid);
      const wants = after.includes(studio.id);
      if (has === wants) continue;
      tx.update(STUDIOS, studio.id, { staffUids: wants ? [...studio.staffUids, uid] : studio.staffUids.filter((other) => other !== uid) });
    }
    return recordChange(tx, {
      actor,
      area: "studios",
      action: "assigned front desks",
      target: { collection: "accounts", id: uid, label: name },
      before: { studios: before },
      after: { studios: after },
      at: now,
    });
  });
  if (changed) invalidate("studios");
  return { ok: true, changed };
}

/**
 * The first admin of a real project, or any role, from the command line (`npm run staff:grant`):
 * the same path as the people page, recorded in the audit log as the script's doing.
 */
export async function grantStaffRole(input: {
  phoneNumber?: string;
  email?: string;
  role: string;
}): Promise<{ uid: string; roles: Role[] }> {
  const role = ROLES.find((candidate) => candidate === input.role);
  if (!role) throw new Error(`unknown role "${input.role}"; one of: ${ROLES.join(", ")}`);
  const phone = input.phoneNumber ? toE164("US", input.phoneNumber) : null;
  if (phone && !phone.ok) throw new Error(`not a phone number we can read: ${input.phoneNumber}`);
  const account = phone?.ok
    ? await findAccount({ phoneNumber: phone.e164 })
    : input.email
      ? await findAccount({ email: input.email.trim().toLowerCase() })
      : null;
  if (!account) throw new Error("no account with that phone number or e-mail: the person must sign in on the site once first");
  const roles = [...new Set([...rolesFromClaims(account.claims), role])];
  const result = await setRoles({ uid: "staff-grant-script", name: "npm run staff:grant", role: "admin" }, account.uid, roles);
  if (!result.ok) throw new Error(result.problem.message);
  return { uid: account.uid, roles };
}
