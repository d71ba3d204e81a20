import type { CreditPack } from "~/models/wallet/credit-pack";

/** The demo's class packs (issue 11): invented prices, in cents. */
export const demoCreditPacks: CreditPack[] = [
  {
    id: "five-classes",
    name: "Five live classes",
    description: "Five credits for live classes that take them, to use within 90 days.",
    credits: 5,
    validDays: 90,
    amount: 4500,
    currency: "usd",
    stripePriceId: null,
    active: true,
    order: 1,
  },
  {
    id: "ten-classes",
    name: "Ten live classes",
    description: "Ten credits for live classes that take them, to use within 180 days.",
    credits: 10,
    validDays: 180,
    amount: 8000,
    currency: "usd",
    stripePriceId: null,
    active: true,
    order: 2,
  },
];
