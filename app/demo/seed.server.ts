import { LiveClassSchema } from "~/models/classes/live-class";
import { AdMapsSchema, DEMO_AD_MAPS } from "~/platform/ad-maps";
import { z } from "zod";
import {
  ArticleSchema,
  FaqEntrySchema,
  JobOpeningSchema,
  LearningSeriesSchema,
  NewsBannerSchema,
  PressArticleSchema,
  QuoteSchema,
} from "~/models/content/content";
import { LandingPageSchema, landingPageId } from "~/models/content/landing-page";
import { PromotionCodeSchema } from "~/models/billing/promotion-code";
import { TeacherPageSchema, TeacherProfileSchema } from "~/models/content/teacher";
import { DEMO_PLANS, PLANS, PlanSchema } from "~/models/billing/plan.server";
import { demoLandingPages } from "./landing-pages";
import { demoPromotionCodes } from "./promotion-codes";
import {
  demoArticles,
  demoFaqEntries,
  demoJobOpenings,
  demoLearningPages,
  demoPressArticles,
  demoQuotes,
  demoDailyQuotes,
  demoClassTemplates,
  upcomingClasses,
} from "./site-content";
import { ClassTemplateSchema } from "~/models/classes/class-schedule";
import { ClassTagSchema, OnDemandClassSchema, OnDemandSeriesSchema, OnDemandShelfSchema } from "~/models/on-demand/on-demand";
import {
  CLASS_TAGS,
  ON_DEMAND_CLASSES,
  ON_DEMAND_SERIES,
  ON_DEMAND_SHELVES,
  ON_DEMAND_TRANSCRIPTS,
  TranscriptSchema,
  invalidateCatalogue,
  readDemoRecordings,
} from "~/models/on-demand/on-demand.server";
import { demoClassTags, demoOnDemandClasses, demoOnDemandSeries, demoOnDemandShelves } from "./on-demand";
import { demoTeacherPages, demoTeacherProfiles } from "./teachers";
import { demoStudioTemplates, demoStudios, demoWaivers, upcomingStudioClasses } from "./studios";
import { StudioSchema } from "~/models/studios/studio";
import { WaiverSchema } from "~/models/studios/waiver";
import { STUDIOS } from "~/models/studios/studio-records";
import { WAIVERS, WAIVER_HEADS, WaiverHeadSchema } from "~/models/studios/waiver.server";
import { demoGiftTypes } from "./gifts";
import { GIFT_TYPES, GiftTypeSchema } from "~/models/wallet/gifts.server";
import { demoCreditPacks } from "./credit-packs";
import { CreditPackSchema } from "~/models/wallet/credit-pack";
import { CREDIT_PACKS } from "~/models/wallet/credits.server";
import type { DocumentData, DocumentStore } from "~/services/store/port.server";
import { addMissingClaims, ensureAccount } from "~/services/identity/index.server";
import { demoAccounts } from "./accounts";
import { demoChallenges } from "./challenges";
import { ChallengeSchema } from "~/models/engagement/challenges";
import {
  SURVEY_CAMPAIGNS,
  SURVEY_QUESTIONS,
  SurveyCampaignSchema,
  SurveyQuestionSchema,
  USER_SURVEYS,
  UserSurveysSchema,
} from "~/models/engagement/surveys";
import { demoSurveyCampaigns, demoSurveyQuestions, demoUserSurveys } from "./surveys";
import { getMembership, startSubscriptionCheckout, syncCheckoutSession } from "~/models/billing/membership.server";
import { getDemoProvider } from "~/services/payments/index.server";
import { claimUsername, getPrivateUser, savePrivateUser } from "~/models/identity/user.server";

interface SeedBatch {
  collection: string;
  schema: z.ZodTypeAny;
  docs: unknown[];
  idOf: (doc: Record<string, unknown>) => string;
}

const byId = (doc: Record<string, unknown>) => String(doc.id);

const DEMO_NEWS_BANNER = {
  id: "newsBanner",
  active: true,
  text: "New this month: the Nervous System Reset, two gentle weeks of breath and rest.",
  linkLabel: "Take a look",
  href: "/nervous-system-reset",
};

function batches(now: Date): SeedBatch[] {
  const recordings = readDemoRecordings();
  return [
    { collection: "profiles", schema: TeacherProfileSchema, docs: demoTeacherProfiles, idOf: byId },
    { collection: "teacherPages", schema: TeacherPageSchema, docs: demoTeacherPages, idOf: byId },
    {
      collection: "landingPages",
      schema: LandingPageSchema,
      docs: demoLandingPages,
      idOf: (doc) => landingPageId(String(doc.slug)),
    },
    { collection: "faqEntries", schema: FaqEntrySchema, docs: demoFaqEntries, idOf: byId },
    { collection: "pressArticles", schema: PressArticleSchema, docs: demoPressArticles, idOf: byId },
    { collection: "articles", schema: ArticleSchema, docs: demoArticles, idOf: byId },
    { collection: "jobOpenings", schema: JobOpeningSchema, docs: demoJobOpenings, idOf: byId },
    { collection: "quotes", schema: QuoteSchema, docs: [...demoQuotes, ...demoDailyQuotes], idOf: byId },
    // Issue 27: challenges in monthly rounds with tiers of classes.
    { collection: "challenges", schema: ChallengeSchema, docs: demoChallenges, idOf: (doc) => String(doc.slug) },
    { collection: "learningPages", schema: LearningSeriesSchema, docs: demoLearningPages, idOf: byId },
    { collection: "classTemplates", schema: ClassTemplateSchema, docs: [...demoClassTemplates, ...demoStudioTemplates], idOf: byId },
    {
      collection: "classes",
      schema: LiveClassSchema,
      docs: [...withDemoCohost(upcomingClasses(now)), ...upcomingStudioClasses(now)],
      idOf: byId,
    },
    // Issue 12: two studios in different zones, each with its first waiver (later versions are published, never seeded over).
    { collection: STUDIOS, schema: StudioSchema, docs: demoStudios, idOf: byId },
    { collection: WAIVERS, schema: WaiverSchema, docs: demoWaivers, idOf: byId },
    {
      collection: WAIVER_HEADS,
      schema: WaiverHeadSchema,
      docs: demoWaivers.map((w) => ({ studioId: w.studioId, version: w.version })),
      idOf: (doc) => String(doc.studioId),
    },
    { collection: "globals", schema: NewsBannerSchema, docs: [DEMO_NEWS_BANNER], idOf: byId },
    // Issue 13: the ad pixel reports every path and a started membership as its standard Subscribe event.
    { collection: "adMaps", schema: AdMapsSchema, docs: [DEMO_AD_MAPS], idOf: byId },
    { collection: PLANS, schema: PlanSchema, docs: DEMO_PLANS, idOf: byId },
    { collection: GIFT_TYPES, schema: GiftTypeSchema, docs: demoGiftTypes, idOf: byId },
    { collection: CREDIT_PACKS, schema: CreditPackSchema, docs: demoCreditPacks, idOf: byId },
    { collection: CLASS_TAGS, schema: ClassTagSchema, docs: demoClassTags, idOf: byId },
    {
      collection: ON_DEMAND_CLASSES,
      schema: OnDemandClassSchema,
      docs: demoOnDemandClasses(now.getTime(), recordings),
      idOf: (doc) => String(doc.slug),
    },
    { collection: ON_DEMAND_SERIES, schema: OnDemandSeriesSchema, docs: demoOnDemandSeries, idOf: (doc) => String(doc.slug) },
    { collection: ON_DEMAND_SHELVES, schema: OnDemandShelfSchema, docs: demoOnDemandShelves, idOf: byId },
    { collection: ON_DEMAND_TRANSCRIPTS, schema: TranscriptSchema, docs: recordings.map(({ id, cues }) => ({ id, cues })), idOf: byId },
    // The document id is the code; createIfAbsent keeps each code's redemption count across reseeds.
    { collection: "promotionCodes", schema: PromotionCodeSchema, docs: demoPromotionCodes, idOf: (doc) => String(doc.code) },
    // Issue 27: one survey, and the demo member in the show-surveys arm (createIfAbsent keeps their answers).
    { collection: SURVEY_QUESTIONS, schema: SurveyQuestionSchema, docs: demoSurveyQuestions, idOf: byId },
    { collection: SURVEY_CAMPAIGNS, schema: SurveyCampaignSchema, docs: demoSurveyCampaigns, idOf: byId },
    {
      collection: USER_SURVEYS,
      schema: UserSurveysSchema.extend({ uid: z.string() }),
      docs: demoUserSurveys,
      idOf: (doc) => String(doc.uid),
    },
  ];
}

/** Checks every demo document against its schema (and for duplicate ids) before anything is written. */
function validate(batch: SeedBatch): { id: string; data: DocumentData }[] {
  const seen = new Set<string>();
  return batch.docs.map((raw, index) => {
    const result = batch.schema.safeParse(raw);
    if (!result.success) {
      const issues = result.error.issues
        .slice(0, 5)
        .map((issue: z.ZodIssue) => `${issue.path.join(".") || "(root)"}: ${issue.message}`)
        .join("; ");
      throw new Error(`Demo content is invalid: ${batch.collection}[${index}] failed its schema: ${issues}`);
    }
    const data = result.data as DocumentData;
    const id = batch.idOf(data);
    if (!id || id === "undefined") throw new Error(`Demo content is invalid: ${batch.collection}[${index}] has no id`);
    if (seen.has(id)) throw new Error(`Demo content is invalid: duplicate id ${batch.collection}/${id}`);
    seen.add(id);
    return { id, data };
  });
}

const CONCURRENCY = 8;

/**
 * Writes the demo content with createIfAbsent: idempotent, and it never overwrites a document
 * that already exists (so edits made after seeding survive a reseed). Live classes are generated
 * for the ten days after `now`.
 */
export async function seedDemoContent(store: DocumentStore, now: Date = new Date()): Promise<{ created: number; existing: number }> {
  const plan = batches(now).map((batch) => ({ collection: batch.collection, docs: validate(batch) }));

  let created = 0;
  let existing = 0;
  for (const { collection, docs } of plan) {
    for (let start = 0; start < docs.length; start += CONCURRENCY) {
      const results = await Promise.all(
        docs.slice(start, start + CONCURRENCY).map(({ id, data }) => store.createIfAbsent(collection, id, data)),
      );
      for (const wasCreated of results) {
        if (wasCreated) created += 1;
        else existing += 1;
      }
    }
  }
  if (created > 0) invalidateCatalogue();
  return { created, existing };
}

/**
 * Creates the demo people in the Auth emulator, each with an onboarded private record; safe to run
 * again (it only adds who is missing).
 */
export async function seedDemoAccounts(): Promise<{ accountsCreated: number }> {
  let accountsCreated = 0;
  for (const account of demoAccounts) {
    const created = await ensureAccount({
      uid: account.uid,
      phoneNumber: account.phoneNumber,
      email: account.email,
      displayName: `${account.firstName} ${account.lastName}`,
      claims: account.claims,
    });
    if (created) accountsCreated += 1;
    // An account made before a claim joined the demo (the facilitator's teacher, ADR 037) gets it now.
    else await addMissingClaims(account.uid, account.claims);
    if (!(await getPrivateUser(account.uid))) {
      await savePrivateUser(account.uid, {
        firstName: account.firstName,
        lastName: account.lastName,
        email: account.email,
        phoneNumber: account.phoneNumber,
      });
      await claimUsername(account.uid, account.username);
    }
  }
  await seedDemoMembership(DEMO_MEMBER_UID);
  return { accountsCreated };
}

const DEMO_MEMBER_UID = "demo-member";

/**
 * The demo member has a membership, bought the way anyone buys one: a checkout on the demo provider,
 * paid with its test card, synced by the same function the welcome page calls. Only with the demo
 * provider; once is enough (the intent id repeats, so a restart makes no second purchase).
 */
async function seedDemoMembership(uid: string) {
  const provider = getDemoProvider();
  if (!provider || (await getMembership(uid))) return;
  const started = await startSubscriptionCheckout({ uid, planId: "annual", discount: null, intentId: "demo-member-seed-0001" });
  if (!started.ok) return;
  const paid = await provider.pay(started.sessionId, { number: "4242 4242 4242 4242", expMonth: 12, expYear: 2035, name: "Juniper Vale" });
  if (paid.ok) await syncCheckoutSession(started.sessionId, uid);
}

/** Issue 26: the demo cohost (+1 201-555-0104) cohosts every class of the first online template. */
function withDemoCohost(classes: ReturnType<typeof upcomingClasses>): ReturnType<typeof upcomingClasses> {
  const templateId = demoClassTemplates[0]?.id;
  return classes.map((c) => (c.templateId === templateId ? { ...c, cohostUids: ["demo-cohost"] } : c));
}
