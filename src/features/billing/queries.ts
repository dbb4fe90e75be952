import { useCallback, useRef } from 'react';
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import * as v from 'valibot';
import {
  ActivityPageSchema,
  BillingOverviewSchema,
  BillingPlansSchema,
  CheckoutResponseSchema,
  PAYMENTS_PAGE_DEFAULT,
  PaymentPageSchema,
  PaymentSchema,
  QuoteSchema,
  ReceiptSchema,
  type CheckoutItem,
  type CheckoutRequest,
  type CheckoutResponse,
  type Payment,
  type SubscriptionUpdate,
} from '../../contract/billing.schema.ts';
import type { BillingPeriod } from '../../contract/plans.ts';
import { api } from '../../lib/api.ts';
import { cursorPaging } from '../../lib/cursor-paging.ts';
import { isTransientSubmitError, newIdempotencyKey, SUBMIT_RETRIES } from '../generations/api.ts';
import { refreshCredits } from '../generations/credits.ts';

/**
 * The billing screens' query module (src/contract/billing.schema.ts): the catalogue's enabled methods,
 * the account's plan and credit buckets, quotes, the payment history, one order, its receipt, the
 * credit activity; the checkout and the subscription change. Every answer is parsed with the
 * contract. Key root: `['billing']` (not persisted offline: money and plans are read fresh).
 */

export const billingKeys = {
  all: ['billing'] as const,
  plans: () => ['billing', 'plans'] as const,
  overview: () => ['billing', 'overview'] as const,
  quote: (item: CheckoutItem, period: BillingPeriod | null) => ['billing', 'quote', item, period] as const,
  payments: () => ['billing', 'payments'] as const,
  payment: (id: string) => ['billing', 'payment', id] as const,
  receipt: (id: string) => ['billing', 'receipt', id] as const,
  activity: () => ['billing', 'activity'] as const,
};

/** Items per page of the credit activity (the server's limit is the payments' one). */
export const ACTIVITY_PAGE_SIZE = PAYMENTS_PAGE_DEFAULT;

const byPayment = (id: string) => `/api/billing/payments/${encodeURIComponent(id)}`;

/**
 * A history read page after page, newest first: GET `path?cursor&limit`, each page parsed with
 * `schema`, read again whenever the page asks.
 */
function historyInfiniteQueryOptions<Page extends { next_cursor: string | null }>(
  key: readonly string[],
  path: string,
  schema: v.GenericSchema<unknown, Page>,
  limit: number,
) {
  return infiniteQueryOptions({
    queryKey: [...key, limit] as const,
    queryFn: async ({ pageParam, signal }): Promise<Page> => {
      const query = new URLSearchParams();
      if (pageParam) query.set('cursor', pageParam);
      query.set('limit', String(limit));
      return v.parse(schema, await api.get(`${path}?${query.toString()}`, { signal }));
    },
    ...cursorPaging,
    staleTime: 0,
  });
}

// ── Queries ───────────────────────────────────────────────────────────────────────────

/** GET /api/billing/plans: which plans, packs and payment methods are on sale now. */
export const billingPlansQueryOptions = () =>
  queryOptions({
    queryKey: billingKeys.plans(),
    queryFn: async ({ signal }) => v.parse(BillingPlansSchema, await api.get('/api/billing/plans', { signal })),
    // The enabled methods change with the server's configuration, not during a visit.
    staleTime: 5 * 60_000,
  });

/** GET /api/billing/overview: the plan, the cycle, the balance and the buckets. */
export const billingOverviewQueryOptions = () =>
  queryOptions({
    queryKey: billingKeys.overview(),
    queryFn: async ({ signal }) => v.parse(BillingOverviewSchema, await api.get('/api/billing/overview', { signal })),
    staleTime: 0,
  });

/** GET /api/billing/quote?item&period: what a checkout would charge now (a plan needs its period). */
export const quoteQueryOptions = (item: CheckoutItem, period: BillingPeriod | null) =>
  queryOptions({
    queryKey: billingKeys.quote(item, period),
    queryFn: async ({ signal }) => {
      const query = new URLSearchParams({ item });
      if (period) query.set('period', period);
      return v.parse(QuoteSchema, await api.get(`/api/billing/quote?${query.toString()}`, { signal }));
    },
    // A proration shrinks by the day: a quote is read again whenever the page asks.
    staleTime: 0,
  });

/** GET /api/billing/payments?cursor&limit: the payment history, newest first, page after page. */
export const paymentsInfiniteQueryOptions = (limit: number = PAYMENTS_PAGE_DEFAULT) =>
  historyInfiniteQueryOptions(billingKeys.payments(), '/api/billing/payments', PaymentPageSchema, limit);

/** GET /api/billing/activity?cursor&limit: the credit activity, newest first. */
export const activityInfiniteQueryOptions = (limit: number = ACTIVITY_PAGE_SIZE) =>
  historyInfiniteQueryOptions(billingKeys.activity(), '/api/billing/activity', ActivityPageSchema, limit);

export async function fetchPayment(id: string, signal?: AbortSignal): Promise<Payment> {
  return v.parse(PaymentSchema, await api.get(byPayment(id), { signal }));
}

/** GET /api/billing/payments/{id}: one order (the /payment/* pages poll it). */
export const paymentQueryOptions = (id: string) =>
  queryOptions({ queryKey: billingKeys.payment(id), queryFn: ({ signal }) => fetchPayment(id, signal), staleTime: 0 });

/** GET /api/billing/payments/{id}/receipt: a completed order's receipt (it never changes). */
export const receiptQueryOptions = (id: string) =>
  queryOptions({
    queryKey: billingKeys.receipt(id),
    queryFn: async ({ signal }) => v.parse(ReceiptSchema, await api.get(`${byPayment(id)}/receipt`, { signal })),
    staleTime: Infinity,
  });

// ── Mutations ─────────────────────────────────────────────────────────────────────────

/** What a paid order changes: the plan, the balance, the buckets, the lists. */
export function invalidateAfterPayment(client: QueryClient): Promise<unknown> {
  return Promise.all([
    client.invalidateQueries({ queryKey: billingKeys.overview() }),
    client.invalidateQueries({ queryKey: billingKeys.payments() }),
    client.invalidateQueries({ queryKey: billingKeys.activity() }),
    refreshCredits(client),
  ]);
}

/**
 * POST /api/billing/payments/{id}/refresh: asks the provider about a pending order. The answer is
 * the order when the server sends it back; otherwise the order is read again.
 */
export async function refreshPayment(client: QueryClient, id: string): Promise<void> {
  const answer = await api.post<unknown>(`${byPayment(id)}/refresh`);
  const parsed = v.safeParse(PaymentSchema, answer);
  if (parsed.success) client.setQueryData(billingKeys.payment(id), parsed.output);
  else await client.invalidateQueries({ queryKey: billingKeys.payment(id) });
}

export async function postCheckout(body: CheckoutRequest, idempotencyKey: string): Promise<CheckoutResponse> {
  return v.parse(CheckoutResponseSchema, await api.post('/api/billing/checkout', body, { headers: { 'Idempotency-Key': idempotencyKey } }));
}

interface CheckoutIntent {
  body: CheckoutRequest;
  idempotencyKey: string;
}

/**
 * POST /api/billing/checkout with one Idempotency-Key per checkout attempt: a double click, the
 * automatic resends of a lost answer and a Try Again after a failure all carry the key of the
 * same request, so the server answers the first order instead of opening a second one. Another
 * item, period or method is another attempt (the server refuses a key reused with another body).
 */
export function useCheckout() {
  const client = useQueryClient();
  const mutation = useMutation({
    mutationFn: ({ body, idempotencyKey }: CheckoutIntent) => postCheckout(body, idempotencyKey),
    retry: (failureCount, error) => failureCount < SUBMIT_RETRIES && isTransientSubmitError(error),
    onSuccess: (answer) => {
      client.setQueryData(billingKeys.payment(answer.payment.id), answer.payment);
      void client.invalidateQueries({ queryKey: billingKeys.payments() });
    },
  });
  const attempt = useRef<{ body: string; key: string } | null>(null);
  const inFlight = useRef<Promise<CheckoutResponse> | null>(null);
  const { mutateAsync } = mutation;

  const checkout = useCallback(
    (body: CheckoutRequest) => {
      if (inFlight.current) return inFlight.current;
      const serialized = JSON.stringify(body);
      if (attempt.current?.body !== serialized) attempt.current = { body: serialized, key: newIdempotencyKey() };
      const promise = mutateAsync({ body, idempotencyKey: attempt.current.key }).finally(() => {
        inFlight.current = null;
      });
      inFlight.current = promise;
      return promise;
    },
    [mutateAsync],
  );
  return { ...mutation, checkout };
}

/** PUT /api/billing/subscription: the change at the end of the cycle, or automatic renewal off; the overview is read again. */
export function useUpdateSubscription() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (update: SubscriptionUpdate) => api.put<unknown>('/api/billing/subscription', update),
    onSettled: () => client.invalidateQueries({ queryKey: billingKeys.overview() }),
  });
}
