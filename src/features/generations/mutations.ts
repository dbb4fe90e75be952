import { useCallback, useRef } from 'react';
import { useMutation, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import type { Generation, GenerationPage, GenerationRequest } from '../../contract/generations.schema.ts';
import { ApiError } from '../../lib/api.ts';
import { assetKeys } from '../media/api.ts';
import {
  cancelGeneration,
  deleteGeneration,
  generationKeys,
  isTransientSubmitError,
  newIdempotencyKey,
  regenerateGeneration,
  shareGeneration,
  submitGeneration,
  SUBMIT_RETRIES,
} from './api.ts';
import { recordEndedGeneration, recordNewGeneration, removeFromPages, replaceInPages, type ItemsPage } from './cache.ts';
import { setKnownBalance } from './credits.ts';
import { dashboardKeys } from './dashboard-keys.ts';

/**
 * The generations mutations (submit, regenerate, cancel, delete, share) and the caches each
 * answer updates.
 */

const submitRetry = (failureCount: number, error: unknown) => failureCount < SUBMIT_RETRIES && isTransientSubmitError(error);

// ── Mutations ─────────────────────────────────────────────────────────────────────────

interface Intent<T> {
  input: T;
  idempotencyKey: string;
}

/**
 * A mutation whose every user intent carries its own Idempotency-Key: `start(input)` is a new
 * click (a new key); `retry()` sends the last intent again with its key (a Try Again after a lost
 * answer), and the automatic resends of transient failures reuse it too, so the server returns
 * the first job instead of charging twice. A `start` while one is in flight returns the same
 * promise: a double tap on a tablet is one intent.
 */
function useIntentMutation<T>(send: (input: T, key: string) => Promise<Generation>, onError?: (client: QueryClient, error: unknown) => void) {
  const client = useQueryClient();
  const mutation = useMutation({
    mutationFn: ({ input, idempotencyKey }: Intent<T>) => send(input, idempotencyKey),
    retry: submitRetry,
    onSuccess: (job) => recordNewGeneration(client, job),
    onError: (error) => onError?.(client, error),
  });
  const last = useRef<Intent<T> | null>(null);
  const inFlight = useRef<Promise<Generation> | null>(null);
  const { mutateAsync } = mutation;

  const run = useCallback(
    (intent: Intent<T>) => {
      last.current = intent;
      const promise = mutateAsync(intent).finally(() => {
        if (inFlight.current === promise) inFlight.current = null;
      });
      inFlight.current = promise;
      return promise;
    },
    [mutateAsync],
  );
  /** A new intent; `idempotencyKey` given: one made before (a submit kept across a reload). */
  const start = useCallback(
    (input: T, idempotencyKey?: string) => inFlight.current ?? run({ input, idempotencyKey: idempotencyKey ?? newIdempotencyKey() }),
    [run],
  );
  const retry = useCallback(() => {
    if (inFlight.current) return inFlight.current;
    if (!last.current) return Promise.reject(new Error('Nothing to retry'));
    return run(last.current);
  }, [run]);
  const lastIdempotencyKey = useCallback(() => last.current?.idempotencyKey ?? null, []);
  return { mutation, start, retry, lastIdempotencyKey };
}

/** A 402 tells the balance: the credit display shows it at once. */
function onSubmitError(client: QueryClient, error: unknown) {
  if (error instanceof ApiError && error.status === 402) {
    const balance = (error.body as { balance?: unknown } | null)?.balance;
    if (typeof balance === 'number') setKnownBalance(client, balance);
  }
}

/**
 * POST /api/generations. `submit(request)` is a click (a new Idempotency-Key; `submit(request,
 * key)` sends a kept one again); `retry()` repeats the last click with its key. Both resolve to the queued job (or the first job of the key).
 */
export function useSubmitGeneration() {
  const { mutation, start, retry, lastIdempotencyKey } = useIntentMutation<GenerationRequest>(submitGeneration, onSubmitError);
  return { ...mutation, submit: start, retry, lastIdempotencyKey };
}

/** POST /api/generations/{id}/regenerate: same inputs, a new job and a new charge; keys as for submit. */
export function useRegenerateGeneration() {
  const { mutation, start, retry, lastIdempotencyKey } = useIntentMutation<string>(regenerateGeneration, onSubmitError);
  return { ...mutation, regenerate: start, retry, lastIdempotencyKey };
}

/** POST /api/generations/{id}/cancel: the job ends cancelled and its credits are refunded. */
export function useCancelGeneration() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: cancelGeneration,
    onSuccess: (job) => {
      client.setQueryData(generationKeys.detail(job.id), job);
      recordEndedGeneration(client, job);
    },
    // 409: it had already ended; its own entry learns how.
    onError: (_error, id) => void client.invalidateQueries({ queryKey: generationKeys.detail(id) }),
  });
}

/** DELETE /api/generations/{id}: a finished job and its results leave the lists and the library. */
export function useDeleteGeneration() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteGeneration,
    onSuccess: (_data, id) => {
      client.setQueriesData<InfiniteData<ItemsPage>>({ queryKey: generationKeys.lists() }, (data) => removeFromPages(data, id));
      client.removeQueries({ queryKey: generationKeys.detail(id) });
      void client.invalidateQueries({ queryKey: assetKeys.all });
    },
    // Also after a failure: a 404 means it was already gone, and the lists should say so.
    onSettled: () => client.invalidateQueries({ queryKey: generationKeys.lists() }),
  });
}

export interface ShareVariables {
  id: string;
  /** Shown in the community feed (true) or not. */
  shared: boolean;
}

/** Sets `shared` on one job wherever it is cached (its own entry and every list). */
function setSharedEverywhere(client: QueryClient, id: string, shared: boolean): void {
  const patch = (job: Generation): Generation => (job.id === id ? { ...job, shared } : job);
  client.setQueryData<Generation>(generationKeys.detail(id), (job) => (job ? patch(job) : job));
  client.setQueriesData<InfiniteData<GenerationPage>>({ queryKey: generationKeys.lists() }, (data) =>
    data ? { ...data, pages: data.pages.map((page) => ({ ...page, items: page.items.map(patch) })) } : data,
  );
}

/**
 * PUT /api/generations/{id}/share: a completed job's result in the public community feed, or out
 * of it. Optimistic: every cached copy of the job shows the new value at once, and the previous
 * one again if the server refuses (the mutation's `variables` hold the value while it runs).
 * Afterwards the lists and the community feed are read again.
 */
export function useShareGeneration() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, shared }: ShareVariables) => shareGeneration(id, shared),
    onMutate: async ({ id, shared }) => {
      // A fetch already on its way would land with the old value over the optimistic one.
      await client.cancelQueries({ queryKey: generationKeys.detail(id) });
      await client.cancelQueries({ queryKey: generationKeys.lists() });
      setSharedEverywhere(client, id, shared);
      return { previous: !shared };
    },
    onError: (_error, { id }, context) => {
      if (context) setSharedEverywhere(client, id, context.previous);
    },
    onSuccess: (job) => {
      client.setQueryData(generationKeys.detail(job.id), job);
      client.setQueriesData<InfiniteData<GenerationPage>>({ queryKey: generationKeys.lists() }, (data) => replaceInPages(data, job));
    },
    onSettled: () =>
      Promise.all([client.invalidateQueries({ queryKey: generationKeys.lists() }), client.invalidateQueries({ queryKey: dashboardKeys.community.all })]),
  });
}
