import { useEffect } from 'react';
import { useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import * as v from 'valibot';
import { GENERATION_EVENTS } from '../../contract/generations.ts';
import { GenerationSchema, type Generation } from '../../contract/generations.schema.ts';
import { ApiError, openStream } from '../../lib/api.ts';
import { generationKeys, isPendingStatus, newestFirst, generationStreamLive, setGenerationStreamLive } from './api.ts';
import { recordEndedGeneration, replaceInPages, seenPending, type ItemsPage } from './cache.ts';

/**
 * The job event stream (GET /api/generations/events, GENERATION_EVENTS in the contract) while a
 * studio or /history screen is open: every change of the person's jobs is pushed into the query
 * caches the screens already read (a job's own entry, the pending list, the history lists), so
 * they stop polling each job (see `pollInterval`). Read with fetch, which sends the bearer header
 * (EventSource cannot, and a token in the URL would end up in logs). When the stream cannot be
 * opened or goes silent, the screens poll as before until it is back; the service worker always
 * polls (sw/jobs.ts).
 */

export interface StreamEvent {
  event: string;
  data: string;
}

/**
 * Reads a text/event-stream body to its end: each event (its name, `message` when it has none,
 * and its data lines joined) to `onEvent`; `onActivity` on every chunk (heartbeat comments too).
 */
export async function readEventStream(
  body: ReadableStream<Uint8Array>,
  onEvent: (event: StreamEvent) => void,
  onActivity: () => void = () => undefined,
): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let event = '';
  let data: string[] = [];
  const line = (text: string) => {
    if (text === '') {
      if (data.length > 0) onEvent({ event: event || 'message', data: data.join('\n') });
      event = '';
      data = [];
      return;
    }
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon < 0 ? text : text.slice(0, colon);
    let value = colon < 0 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
  };
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      onActivity();
      buffer += decoder.decode(value, { stream: true });
      const lines = buffer.split(/\r\n|\r|\n/);
      // A chunk may end inside a line (or between \r and \n): keep the tail for the next one.
      buffer = lines.pop() ?? '';
      for (const text of lines) line(text);
    }
  } finally {
    reader.releaseLock();
  }
}

/** A streamed job into the caches: its own entry, the pending list, the lists; an end as a poll's end. */
export function applyStreamedGeneration(client: QueryClient, job: Generation): void {
  const wasPending = seenPending(client, job.id);
  // A job that ended before this tab ever saw it running is news to no screen: the lists fetch
  // it themselves. Writing it would only cost a persisted write, which holds back the next one
  // (a list arriving a moment later) by the persister's write delay.
  if (!wasPending && !isPendingStatus(job.status) && client.getQueryData(generationKeys.detail(job.id)) === undefined) return;
  client.setQueryData(generationKeys.detail(job.id), job);
  if (isPendingStatus(job.status)) {
    client.setQueryData<Generation[]>(generationKeys.pending(), (jobs) =>
      jobs ? [job, ...jobs.filter((other) => other.id !== job.id)].toSorted(newestFirst) : jobs,
    );
    client.setQueriesData<InfiniteData<ItemsPage>>({ queryKey: generationKeys.lists() }, (data) => replaceInPages(data, job));
  } else if (wasPending) {
    recordEndedGeneration(client, job);
  }
}

/** Reconnects wait this long after a failure, doubling up to the maximum, in ms. */
const RETRY_FIRST_MS = 1_000;
const RETRY_MAX_MS = 30_000;
/** After a 429 (too many streams of this account: other tabs), the next try waits this long, in ms. */
const RETRY_BUSY_MS = 60_000;
/** A stream the server ends sooner than this after it opened counts as a failure (no reconnect storm), in ms. */
const MIN_HEALTHY_MS = 10_000;
/** A stream silent this long (no event, no heartbeat) is taken for dead, in ms. */
const SILENCE_MS = GENERATION_EVENTS.heartbeatSeconds * 2_000 + 5_000;

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });

function setLive(client: QueryClient, live: boolean): void {
  if (generationStreamLive() === live) return;
  setGenerationStreamLive(live);
  // Polling again: the jobs on screen are asked for now, and their interval follows.
  if (!live)
    void client.invalidateQueries({
      queryKey: generationKeys.details(),
      refetchType: 'active',
      predicate: (query) => isPendingStatus((query.state.data as Generation | undefined)?.status ?? 'queued'),
    });
}

/** Keeps the stream open until `signal` aborts: reconnects after failures, gives up on a 401/403. */
export async function runGenerationStream(client: QueryClient, signal: AbortSignal): Promise<void> {
  let failures = 0;
  while (!signal.aborted) {
    const attempt = new AbortController();
    const abort = () => attempt.abort();
    signal.addEventListener('abort', abort, { once: true });
    let silence: ReturnType<typeof setTimeout> | undefined;
    const alive = () => {
      clearTimeout(silence);
      silence = setTimeout(abort, SILENCE_MS);
    };
    let waitMs: number;
    try {
      const response = await openStream(GENERATION_EVENTS.path, attempt.signal);
      // Something else answered (an old server's SPA fallback, a proxy's page): no stream here.
      if (!response.headers.get('content-type')?.startsWith('text/event-stream')) throw new Error('not an event stream');
      const openedAt = Date.now();
      setLive(client, true);
      alive();
      await readEventStream(
        response.body as ReadableStream<Uint8Array>,
        ({ event, data }) => {
          if (event !== GENERATION_EVENTS.event) return;
          const parsed = v.safeParse(GenerationSchema, JSON.parse(data));
          if (parsed.success) applyStreamedGeneration(client, parsed.output);
        },
        alive,
      );
      // The server ended it (its time limit, a restart): reconnect at once, unless it keeps
      // ending them early.
      failures = Date.now() - openedAt < MIN_HEALTHY_MS ? failures + 1 : 0;
      waitMs = failures === 0 ? 0 : Math.min(RETRY_MAX_MS, RETRY_FIRST_MS * 2 ** (failures - 1));
    } catch (error) {
      if (error instanceof ApiError && (error.status === 401 || error.status === 403)) {
        // Signed out or no longer allowed: polling answers the screens (and signs out) from here.
        setLive(client, false);
        return;
      }
      failures += 1;
      waitMs = error instanceof ApiError && error.status === 429 ? RETRY_BUSY_MS : Math.min(RETRY_MAX_MS, RETRY_FIRST_MS * 2 ** (failures - 1));
    } finally {
      clearTimeout(silence);
      signal.removeEventListener('abort', abort);
      attempt.abort();
    }
    if (waitMs > 0) setLive(client, false);
    await sleep(waitMs, signal);
  }
  setLive(client, false);
}

let holders = 0;
let running: AbortController | null = null;

/** One stream for the whole tab, however many screens want it; closed when the last lets go. */
export function retainGenerationStream(client: QueryClient): () => void {
  holders += 1;
  if (!running) {
    const controller = new AbortController();
    running = controller;
    void runGenerationStream(client, controller.signal).finally(() => {
      if (running === controller) running = null;
    });
  }
  let released = false;
  return () => {
    if (released) return;
    released = true;
    holders -= 1;
    if (holders === 0) {
      running?.abort();
      running = null;
    }
  };
}

/** While the calling screen is mounted, the person's job changes come from the event stream. */
export function useGenerationStream(): void {
  const client = useQueryClient();
  useEffect(() => retainGenerationStream(client), [client]);
}
