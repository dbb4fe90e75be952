import * as v from 'valibot';
import {
  GenerationPageSchema,
  GenerationSchema,
  type Generation,
  type GenerationPage,
  type GenerationRequest,
  type ShareGenerationRequest,
} from '../../contract/generations.schema.ts';
import { PENDING_STATUSES, type GenerationStatus } from '../../contract/generations.ts';
import type { Feature } from '../../contract/tools.ts';
import { api, ApiError } from '../../lib/api.ts';

/**
 * The generations API as the client calls it (src/contract/generations.schema.ts, README "Generations"):
 * the query keys, status helpers, polling intervals, the fetchers and the Idempotency-Key of a
 * submit. Every answer is parsed with the contract. The caches built on it are in cache.ts, the
 * lists over several features in merged-list.ts and the mutations in mutations.ts.
 */

// ── Keys ──────────────────────────────────────────────────────────────────────────────

export interface GenerationListFilter {
  feature?: Feature;
  status?: GenerationStatus;
  /** Page size (1 to GENERATION_PAGE_MAX; the server's default when absent). */
  limit?: number;
}

/** The filter as it goes into a key: no undefined fields, so equal lists share a cache entry. */
function normalizeFilter(filter: GenerationListFilter): GenerationListFilter {
  const out: GenerationListFilter = {};
  if (filter.feature) out.feature = filter.feature;
  if (filter.status) out.status = filter.status;
  if (filter.limit) out.limit = filter.limit;
  return out;
}

/** Several features and statuses at once (/history's "AI Upscaler" is two features, "Failed" is failed and cancelled). */
export interface MergedListFilter {
  /** Absent or empty: every feature. */
  features?: readonly Feature[] | undefined;
  /** Absent or empty: every status. */
  statuses?: readonly GenerationStatus[] | undefined;
  /** Items per page (1 to GENERATION_PAGE_MAX; the server's default when absent). */
  limit?: number | undefined;
}

/** Sorted and without duplicates, so the same choice in another order shares a cache entry. */
export function normalizeMergedFilter(filter: MergedListFilter): { features: Feature[]; statuses: GenerationStatus[]; limit?: number } {
  const out: { features: Feature[]; statuses: GenerationStatus[]; limit?: number } = {
    features: [...new Set(filter.features ?? [])].toSorted(),
    statuses: [...new Set(filter.statuses ?? [])].toSorted(),
  };
  if (filter.limit) out.limit = filter.limit;
  return out;
}

export const generationKeys = {
  all: ['generations'] as const,
  lists: () => [...generationKeys.all, 'list'] as const,
  list: (filter: GenerationListFilter) => [...generationKeys.lists(), normalizeFilter(filter)] as const,
  /** A list over several features and statuses (`mergedGenerationsInfiniteQueryOptions`): its pages have another shape. */
  merged: (filter: MergedListFilter) => [...generationKeys.lists(), 'merged', normalizeMergedFilter(filter)] as const,
  details: () => [...generationKeys.all, 'detail'] as const,
  detail: (id: string) => [...generationKeys.details(), id] as const,
  pending: () => [...generationKeys.all, 'pending'] as const,
  catalog: () => [...generationKeys.all, 'catalog'] as const,
};

// ── Status helpers ────────────────────────────────────────────────────────────────────

export function isPendingStatus(status: GenerationStatus): boolean {
  return PENDING_STATUSES.includes(status);
}

/** The newest first (ISO 8601 timestamps of one server compare as strings; Date.parse for safety). */
export function newestFirst(a: Pick<Generation, 'created_at'>, b: Pick<Generation, 'created_at'>): number {
  return Date.parse(b.created_at) - Date.parse(a.created_at);
}

// ── Polling ───────────────────────────────────────────────────────────────────────────

/** A running job is asked for every 1.5 s while its screen is visible (the stage text moves on that often). */
export const POLL_VISIBLE_MS = 1_500;
/** …and every 10 s while the tab is hidden: the result is still there when the person comes back, at a fraction of the requests. */
export const POLL_HIDDEN_MS = 10_000;
/** A history list showing a running job is refreshed this often (its status badge). */
export const LIST_POLL_MS = 5_000;

/**
 * While the job event stream is open (./generation-stream.ts), jobs are still asked for this
 * often: a safety net should an event be lost. The stream carries every change in between.
 */
export const STREAM_SAFETY_POLL_MS = 30_000;

let streamLive = false;

/** Whether the job event stream is open and delivering (./generation-stream.ts sets it). */
export function generationStreamLive(): boolean {
  return streamLive;
}

export function setGenerationStreamLive(live: boolean): void {
  streamLive = live;
}

function tabHidden(): boolean {
  return typeof document !== 'undefined' && document.visibilityState === 'hidden';
}

/**
 * How long until the next poll of a job: never once it ended, nor after a 4xx (deleted, someone
 * else's, signed out: asking again will not change the answer); rarely while the event stream
 * delivers its changes; otherwise fast while the tab is visible and slowly while it is hidden.
 * Errors without an answer (offline) keep polling.
 */
export function pollInterval(job: Pick<Generation, 'status'> | undefined, error: unknown, hidden = tabHidden(), streaming = streamLive): number | false {
  if (job && !isPendingStatus(job.status)) return false;
  if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 408 && error.status !== 429) return false;
  if (streaming) return STREAM_SAFETY_POLL_MS;
  return hidden ? POLL_HIDDEN_MS : POLL_VISIBLE_MS;
}

// ── Fetchers ──────────────────────────────────────────────────────────────────────────

export function generationListPath(filter: GenerationListFilter, cursor: string | null): string {
  const { feature, status, limit } = normalizeFilter(filter);
  const params = new URLSearchParams();
  if (feature) params.set('feature', feature);
  if (status) params.set('status', status);
  if (limit) params.set('limit', String(limit));
  if (cursor) params.set('cursor', cursor);
  const query = params.toString();
  return query ? `/api/generations?${query}` : '/api/generations';
}

const byId = (id: string) => `/api/generations/${encodeURIComponent(id)}`;

export async function fetchGenerationPage(filter: GenerationListFilter, cursor: string | null, signal?: AbortSignal): Promise<GenerationPage> {
  return v.parse(GenerationPageSchema, await api.get(generationListPath(filter, cursor), { signal }));
}

export async function fetchGeneration(id: string, signal?: AbortSignal): Promise<Generation> {
  return v.parse(GenerationSchema, await api.get(byId(id), { signal }));
}

export async function fetchPendingGenerations(signal?: AbortSignal): Promise<Generation[]> {
  return v.parse(GenerationPageSchema, await api.get('/api/generations/pending', { signal })).items;
}

export async function submitGeneration(request: GenerationRequest, idempotencyKey: string): Promise<Generation> {
  return v.parse(GenerationSchema, await api.post('/api/generations', request, { headers: { 'Idempotency-Key': idempotencyKey } }));
}

export async function regenerateGeneration(id: string, idempotencyKey: string): Promise<Generation> {
  return v.parse(GenerationSchema, await api.post(`${byId(id)}/regenerate`, undefined, { headers: { 'Idempotency-Key': idempotencyKey } }));
}

export async function cancelGeneration(id: string): Promise<Generation> {
  return v.parse(GenerationSchema, await api.post(`${byId(id)}/cancel`));
}

export async function deleteGeneration(id: string): Promise<void> {
  await api.delete(byId(id));
}

export async function shareGeneration(id: string, shared: boolean): Promise<Generation> {
  const body: ShareGenerationRequest = { shared };
  return v.parse(GenerationSchema, await api.put(`${byId(id)}/share`, body));
}

// ── Idempotency ───────────────────────────────────────────────────────────────────────

/**
 * A fresh Idempotency-Key. `crypto.randomUUID` exists only in secure contexts; a tablet opening
 * the studio over plain http on a LAN has `getRandomValues` only, so the UUID is built from it.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40; // version 4
  bytes[8] = (bytes[8]! & 0x3f) | 0x80; // RFC 4122 variant
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** A POST whose answer was lost (offline, timeout, a gateway error) is resent, with the same key, this many times. */
export const SUBMIT_RETRIES = 2;

/** Worth resending: no answer at all, or a gateway/server hiccup. The key makes a resend return the first job. */
export function isTransientSubmitError(error: unknown): boolean {
  if (error instanceof ApiError) return error.status === 408 || error.status === 429 || error.status >= 500;
  return error instanceof TypeError || (error instanceof DOMException && error.name === 'TimeoutError');
}

/** Every asset of these jobs (results and inputs): their links decide how long a cached answer stays fresh. */
export function allResults(jobs: readonly Generation[]) {
  return jobs.flatMap((job) => [...job.results, ...job.input_assets]);
}
