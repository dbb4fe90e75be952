/** Billing's coded errors: the status, the `code` the app translates, and its text for API clients. */
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { BILLING_MESSAGES, type BillingMessageKey } from '../../src/contract/billing.schema.ts';
import { CodedError } from '../http/errors.ts';

export function billingError(status: ContentfulStatusCode, code: BillingMessageKey): CodedError<BillingMessageKey> {
  return new CodedError(status, code, BILLING_MESSAGES[code]);
}
