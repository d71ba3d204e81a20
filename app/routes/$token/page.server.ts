import { z } from "zod";

/** The redeem form sends nothing but its button: the gift is the one the address names. */
export const RedeemFormSchema = z.object({});
