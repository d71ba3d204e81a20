import { clientAddress } from "~/lib/rate-limit.server";
import { redirect, type ActionFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useNavigation } from "@remix-run/react";
import { Link } from "~/components/link";
import { FormField } from "~/components/form-field";
import { normalizeGiftCode } from "~/models/wallet/gift";
import { allowCodeAttempt, giftByCode, GIFT_CODE_LIMIT } from "~/models/wallet/gifts.server";
import { ERRORS } from "~/lib/errors";
import { defineHandle } from "~/lib/route-handle";
import { readSubmission, refuse } from "~/server/submission.server";
import { z } from "zod";
import { defineActionLimits } from "~/lib/action-limits";

/** Issue 11: a gift code typed by hand (from a card, a message read aloud) opens its gift. */
export const handle = defineHandle({ name: "redeem", layout: "main", theme: "light" });

export const meta: MetaFunction = () => [
  { title: "Redeem a gift · Stillhour" },
  { name: "description", content: "Type the gift code you were given to open your Stillhour gift." },
];

/** What this action does and what limits it (issue 35; ADR 035 addendum). */
export const actionLimits = defineActionLimits({
  code: { does: ["redeem"], limits: [GIFT_CODE_LIMIT] },
});

/** A gift code as typed (its first 64 characters) and as stored; an empty or misshapen one is refused before it counts as a guess. */
const RedeemFormSchema = z.object({
  code: z
    .string()
    .default("")
    .transform((value, ctx) => {
      const typed = value.slice(0, 64);
      const code = typed.trim() ? normalizeGiftCode(typed) : null;
      if (code) return code;
      ctx.addIssue({
        code: "custom",
        message: typed.trim()
          ? "A gift code has 16 letters and digits, like 7KQ2-MX9P-4D1A-ZT6C. Please check it."
          : "Please type the gift code.",
      });
      return z.NEVER;
    }),
});

export async function action({ request }: ActionFunctionArgs) {
  const submission = await readSubmission(request, RedeemFormSchema, ["code"]);
  if (!submission.ok) return submission.reply;
  const values = submission.echo;
  const attempt = await allowCodeAttempt(clientAddress(request));
  if (!attempt.ok) return refuse({ code: attempt.problem.message }, values, attempt.problem.status);
  const { code } = submission.value;
  if (!(await giftByCode(code))) return refuse({ code: ERRORS.gift_not_found.message }, values, ERRORS.gift_not_found.status);
  return redirect(`/${code}`);
}

export default function RedeemRoute() {
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  return (
    <section className="section" aria-labelledby="redeem-title">
      <div className="container container--narrow stack">
        <header className="page-intro">
          <p className="eyebrow">Gifts</p>
          <h1 id="redeem-title">Redeem a gift</h1>
          <p>Type the code from your gift. Capitals, spaces and dashes don't matter.</p>
        </header>
        <Form method="post" className="auth-card stack" noValidate>
          <FormField
            focusOnError
            name="code"
            label="Gift code"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            placeholder="XXXX-XXXX-XXXX-XXXX"
            defaultValue={result?.values.code ?? ""}
            error={result?.errors.code ?? result?.errors.form}
            required
          />
          <button className="button" type="submit" disabled={busy}>
            {busy ? "Looking…" : "Open my gift"}
          </button>
        </Form>
        <p>
          Want to give one instead? <Link to="/gift">Give Stillhour</Link>.
        </p>
      </div>
    </section>
  );
}
