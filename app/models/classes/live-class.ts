import { z } from "zod";
import { CreditCostSchema } from "~/models/wallet/credit-pack";

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}(T[\d:.]+Z)?$/);

/** classes: scheduled live classes. */
export const LiveClassSchema = z.object({
  id: z.string(),
  title: z.string().min(1),
  teacherId: z.string(),
  modality: z.enum(["meditation", "mindfulness", "breathwork"]),
  startsAt: isoDate,
  durationMinutes: z.number().int().min(5).max(180),
  description: z.string().default(""),
  // Issue 9. Every field below has a default, so classes stored before it still read.
  /** The address: title and local date; the id when absent. */
  slug: z
    .string()
    .regex(/^[a-z0-9-]{1,120}$/)
    .optional(),
  templateId: z.string().nullable().default(null),
  level: z.string().nullable().default(null),
  whatToHaveReady: z.string().default(""),
  capacity: z.number().int().min(1).max(10_000).default(30),
  tags: z.array(z.string()).default([]),
  /** The zone the class is taught in (its template's); times are shown in the viewer's. */
  timeZone: z.string().default("UTC"),
  status: z.enum(["scheduled", "cancelled"]).default("scheduled"),
  substituteTeacherId: z.string().nullable().default(null),
  /** Raised on every change, for calendar invites (SEQUENCE). */
  sequence: z.number().int().min(0).default(0),
  // Issue 12: an in-person class is a class with a studio and a room; online classes have neither.
  studioId: z.string().nullable().default(null),
  roomId: z.string().nullable().default(null),
  /** Issue 11: credits a non-member pays to book it (whole, at least 1); null = members only. */
  creditCost: CreditCostSchema.default(null),
  /** Issue 26: the accounts (uids) that cohost this class: they see its roster and join with cohost rights. */
  cohostUids: z.array(z.string()).default([]),
});
export type LiveClass = z.infer<typeof LiveClassSchema>;
