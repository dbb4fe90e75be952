import { useEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Payment } from '../../contract/billing.schema.ts';
import { invalidateAfterPayment, paymentQueryOptions, refreshPayment } from './queries.ts';

/**
 * Following an order after the provider sent the browser back (/payment/success): the order is
 * read every POLL_MS; the provider itself is asked (POST …/refresh) once after FIRST_REFRESH_MS,
 * in case its notification is late or lost, then every REFRESH_EVERY_MS; after GIVE_UP_MS of
 * waiting the page stops and says the result will come by mail. Only the server's answer says
 * an order is paid: the return URL proves nothing.
 */
export interface PaymentPollTiming {
  /** Between two reads of the order, in ms. */
  pollMs: number;
  /** Before the first question to the provider, in ms. */
  firstRefreshMs: number;
  /** Between two later questions to the provider, in ms. */
  refreshEveryMs: number;
  /** How long the page waits for a pending order, in ms. */
  giveUpMs: number;
}

export const PAYMENT_POLL_TIMING: PaymentPollTiming = {
  pollMs: 2_000,
  firstRefreshMs: 5_000,
  refreshEveryMs: 15_000,
  giveUpMs: 10 * 60_000,
};

export type PaymentWatchState = 'missing' | 'loading' | 'error' | 'pending' | 'timeout' | 'completed' | 'failed';

export interface PaymentWatch {
  state: PaymentWatchState;
  payment: Payment | undefined;
  error: Error | null;
  retry: () => void;
}

export function usePaymentStatus(orderId: string | undefined, timing: PaymentPollTiming = PAYMENT_POLL_TIMING): PaymentWatch {
  const client = useQueryClient();
  const [timedOut, setTimedOut] = useState(false);
  const query = useQuery({
    ...paymentQueryOptions(orderId ?? ''),
    enabled: orderId !== undefined,
    refetchInterval: (current) => (!timedOut && (current.state.data?.status ?? 'pending') === 'pending' ? timing.pollMs : false),
  });
  const status = query.data?.status;
  const waiting = orderId !== undefined && status === 'pending' && !timedOut;

  // The page's patience: counted from when it opened, while the order is pending.
  useEffect(() => {
    if (!waiting) return;
    const timer = setTimeout(() => setTimedOut(true), timing.giveUpMs);
    return () => clearTimeout(timer);
  }, [waiting, timing.giveUpMs]);

  // Asking the provider: a late or lost notification does not leave the order pending.
  useEffect(() => {
    if (!waiting || orderId === undefined) return;
    const ask = () => void refreshPayment(client, orderId).catch(() => undefined);
    let every: ReturnType<typeof setInterval> | undefined;
    const first = setTimeout(() => {
      ask();
      every = setInterval(ask, timing.refreshEveryMs);
    }, timing.firstRefreshMs);
    return () => {
      clearTimeout(first);
      clearInterval(every);
    };
  }, [waiting, orderId, client, timing.firstRefreshMs, timing.refreshEveryMs]);

  // A paid order changes the plan, the balance and the lists: once.
  const announced = useRef<string | null>(null);
  useEffect(() => {
    if (status !== 'completed' || orderId === undefined || announced.current === orderId) return;
    announced.current = orderId;
    void invalidateAfterPayment(client);
  }, [status, orderId, client]);

  const retry = () => {
    setTimedOut(false);
    void query.refetch();
  };

  let state: PaymentWatchState;
  if (orderId === undefined) state = 'missing';
  else if (status === 'completed' || status === 'failed') state = status;
  else if (status === 'pending') state = timedOut ? 'timeout' : 'pending';
  else if (query.isError) state = 'error';
  else state = 'loading';
  return { state, payment: query.data, error: query.error, retry };
}
