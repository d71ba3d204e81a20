/**
 * Demo gift types (issue 11): membership time, priced a little under the plans they stand in for.
 * Invented prices for a fictional studio.
 */
export const demoGiftTypes = [
  {
    id: "one-month",
    name: "One month",
    description: "A month of live classes and the whole on-demand library. A gentle first taste.",
    months: 1,
    amount: 1500,
    currency: "usd",
    order: 1,
    active: true,
  },
  {
    id: "three-months",
    name: "Three months",
    description: "A season of practice: long enough for a habit to take root.",
    months: 3,
    amount: 3900,
    currency: "usd",
    order: 2,
    active: true,
  },
  {
    id: "twelve-months",
    name: "A whole year",
    description: "Twelve months of classes, for someone who has been meaning to start.",
    months: 12,
    amount: 9900,
    currency: "usd",
    order: 3,
    active: true,
  },
];
