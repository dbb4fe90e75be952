import * as v from 'valibot';
import { BILLING_PERIODS, PURCHASABLE_PLAN_IDS } from '../../contract/plans.ts';
import { PACK_IDS, PAYMENT_METHODS } from '../../contract/packs.ts';

/**
 * The search parameters of the billing pages, apart from the pages: the route tree (in the app's
 * first load) validates them, while each page's code loads only when it is opened. An unknown
 * value is dropped rather than refused, so an old or edited link still opens the page.
 */

const ID_MAX = 100;
const REASON_MAX = 100;

/** A query value the router may have read as a number ("?order=123") comes back as text. */
const text = (max: number) =>
  v.fallback(v.optional(v.pipe(v.union([v.string(), v.pipe(v.number(), v.transform(String))]), v.minLength(1), v.maxLength(max))), undefined);

/** /checkout?item&period&method: what to buy, for how long, and how to pay (each may be absent). */
export const CheckoutSearchSchema = v.object({
  item: v.fallback(v.optional(v.picklist([...PURCHASABLE_PLAN_IDS, ...PACK_IDS])), undefined),
  period: v.fallback(v.optional(v.picklist(BILLING_PERIODS)), undefined),
  method: v.fallback(v.optional(v.picklist(PAYMENT_METHODS)), undefined),
});
export type CheckoutSearch = v.InferOutput<typeof CheckoutSearchSchema>;

/** /payment/success|cancel|cancelled|error?order=<id>; the error page also reads ?reason. */
export const PaymentResultSearchSchema = v.object({ order: text(ID_MAX), reason: text(REASON_MAX) });
export type PaymentResultSearch = v.InferOutput<typeof PaymentResultSearchSchema>;
