/**
 * GET /api/generations/events: open tabs get their jobs' changes pushed (server-sent events, see
 * GENERATION_EVENTS in src/contract/generations.schema.ts) instead of polling each job.
 *
 * One watcher serves every stream of this process: while any stream is open it reads, in ONE
 * statement for all of them, the watched accounts' pending jobs and those that just ended
 * (repository.watched), and sends each stream the jobs of its account whose status, stage or
 * progress changed since the last look. It reads the database, not this process's memory, so a
 * job run by another process (a worker-only process on Postgres) is seen as well. It looks early
 * when told a job changed: by this process's own runs and requests (`notifyingRepository`), and
 * on Postgres by any process (`changed`, from the database's notifications: ./changes.ts), so
 * changes go out at once; the poll every EVENTS_POLL_INTERVAL_MS is the fallback (and PGlite's
 * only way to hear of writes it did not make, which no other process can make there).
 *
 * Streams answer the caller's own jobs only (the watcher reads by account), send a comment as a
 * heartbeat, end after GENERATION_EVENTS.maxStreamSeconds (the client reconnects, which checks
 * its token again), end when the client goes away, and all end at once when the server shuts
 * down (`close`), so an open stream never holds up the HTTP server's close. The per-account limit
 * counts the streams of every process (./stream-leases-repository.ts).
 */
import type { Context } from 'hono';
import { streamSSE } from 'hono/streaming';
import { GENERATION_EVENTS, PENDING_STATUSES } from '../../src/contract/generations.ts';
import type { Generation } from '../../src/contract/generations.schema.ts';
import type { UserEnv } from '../auth/middleware.ts';
import type { Logger } from '../logger.ts';
import type { MediaService } from '../media/types.ts';
import { generationError } from './errors.ts';
import type { GenerationRow, GenerationsRepository } from './repository.ts';
import { toGeneration } from './service.ts';
import { STREAM_RENEW_MS, type StreamLeases } from './stream-leases-repository.ts';

const MS_PER_SECOND = 1_000;
/** How often the watcher looks at the database while streams are open, in ms. */
export const EVENTS_POLL_INTERVAL_MS = 1_000;
/** A write of this process wakes the watcher after this long, in ms (a burst of writes makes one look). */
const NOTIFY_DELAY_MS = 50;
/** A job created this long ago or less may start and end between two looks, in ms; older ones were seen pending. */
const RECENT_CREATED_MS = 10 * 60 * MS_PER_SECOND;
/** Ends are looked for this far before the previous look, in ms: workers' clocks and commit delays. */
const END_SLACK_MS = 5 * MS_PER_SECOND;
/** An ended job is remembered this long after it was last seen, in ms (so the slack window does not resend it). */
const FORGET_ENDED_MS = 60 * MS_PER_SECOND;

export interface GenerationEventsOptions {
  repository: GenerationsRepository;
  media: Pick<MediaService, 'toApiAsset' | 'findOwned'>;
  logger: Logger;
  /** The open streams of every process, against the per-account limit. */
  leases: StreamLeases;
  now?: () => number;
  /** Test knobs (production uses the contract's figures and EVENTS_POLL_INTERVAL_MS). */
  pollIntervalMs?: number;
  heartbeatMs?: number;
  maxStreamMs?: number;
  maxStreamsPerAccount?: number;
}

export interface GenerationEvents {
  /** The route's handler (behind requireUser). */
  stream(c: Context<UserEnv>): Promise<Response>;
  /** A job changed in this process (or anything may have changed): look soon. */
  notify(): void;
  /** A job of `userId` changed in some process: look soon if one of the streams is that account's. */
  changed(userId: string): void;
  /**
   * Ends every open stream and refuses new ones (shutdown); resolves once every stream has ended
   * and given its slot back.
   */
  close(): Promise<void>;
  /** Open streams (tests, logs). */
  readonly open: number;
}

interface OpenStream {
  userId: string;
  /** Its slot against the account's limit (StreamLeases). */
  lease: string;
  /** Not yet sent its account's pending jobs. */
  fresh: boolean;
  send(job: Generation): void;
  end(): void;
}

interface Seen {
  userId: string;
  fingerprint: string;
  pending: boolean;
  seenAt: number;
}

/** The answer to a stream asked for while the server shuts down. */
const restarting = () => generationError(503, 'serverRestarting');

const isPending = (row: GenerationRow): boolean => (PENDING_STATUSES as readonly string[]).includes(row.status);

/** What the stream shows of a row changing. */
const fingerprint = (row: GenerationRow): string =>
  [
    row.status,
    row.stage,
    row.progress,
    row.attempts,
    row.started_at?.getTime(),
    row.finished_at?.getTime(),
    row.result_asset_ids.join(','),
    row.error_code,
  ].join('|');

export function createGenerationEvents(options: GenerationEventsOptions): GenerationEvents {
  const { repository, media, logger, leases } = options;
  const now = options.now ?? Date.now;
  const pollIntervalMs = options.pollIntervalMs ?? EVENTS_POLL_INTERVAL_MS;
  const heartbeatMs = options.heartbeatMs ?? GENERATION_EVENTS.heartbeatSeconds * MS_PER_SECOND;
  const maxStreamMs = options.maxStreamMs ?? GENERATION_EVENTS.maxStreamSeconds * MS_PER_SECOND;
  const maxStreams = options.maxStreamsPerAccount ?? GENERATION_EVENTS.maxStreamsPerAccount;

  const streams = new Set<OpenStream>();
  /** Each open stream's end, once it has given its slot back. */
  const ending = new Set<Promise<void>>();
  const seen = new Map<string, Seen>();
  let closing = false;
  let renewer: NodeJS.Timeout | undefined;
  let timer: NodeJS.Timeout | undefined;
  let dueAt = Number.POSITIVE_INFINITY;
  let looking = false;
  let lookAgain = false;
  let lastLookAt = now();

  function schedule(delayMs: number): void {
    if (streams.size === 0 || closing) return;
    if (looking) {
      if (delayMs <= NOTIFY_DELAY_MS) lookAgain = true;
      return;
    }
    if (timer && dueAt <= now() + delayMs) return;
    clearTimeout(timer);
    dueAt = now() + delayMs;
    timer = setTimeout(() => void look(), delayMs);
  }

  async function look(): Promise<void> {
    timer = undefined;
    dueAt = Number.POSITIVE_INFINITY;
    looking = true;
    try {
      await lookOnce();
    } catch (error) {
      logger.warn({ err: error }, 'generation events: could not read the watched jobs');
    } finally {
      looking = false;
      const again = lookAgain;
      lookAgain = false;
      schedule(again ? NOTIFY_DELAY_MS : pollIntervalMs);
    }
  }

  /** Keeps this process's open streams counted (their leases would lapse otherwise). */
  function renew(): void {
    leases
      .renew([...streams].map((stream) => stream.lease))
      .catch((error: unknown) => logger.warn({ err: error }, 'generation events: could not renew the stream slots'));
  }

  async function lookOnce(): Promise<void> {
    const startedAt = now();
    const watching = [...streams];
    const users = new Set(watching.map((stream) => stream.userId));
    const freshUsers = new Set(watching.filter((stream) => stream.fresh).map((stream) => stream.userId));
    const wasPending = [...seen].filter(([, entry]) => entry.pending && users.has(entry.userId)).map(([id]) => id);
    const rows = await repository.watched([...users], wasPending, new Date(startedAt - RECENT_CREATED_MS), new Date(lastLookAt - END_SLACK_MS));
    lastLookAt = startedAt;

    const changed = new Set<string>();
    for (const row of rows) {
      const print = fingerprint(row);
      if (seen.get(row.id)?.fingerprint !== print) changed.add(row.id);
      seen.set(row.id, { userId: row.user_id, fingerprint: print, pending: isPending(row), seenAt: startedAt });
    }
    for (const [id, entry] of seen) {
      if (!users.has(entry.userId) || (!entry.pending && entry.seenAt < startedAt - FORGET_ENDED_MS)) seen.delete(id);
    }

    // A fresh stream gets its account's pending jobs (and those that just ended) whatever changed.
    const wanted = rows.filter((row) => changed.has(row.id) || freshUsers.has(row.user_id));
    const byUser = new Map<string, GenerationRow[]>();
    for (const row of wanted) byUser.set(row.user_id, [...(byUser.get(row.user_id) ?? []), row]);
    const jobs = new Map<string, Generation[]>();
    for (const [userId, list] of byUser) {
      const ids = [...new Set(list.flatMap((row) => [...row.input_asset_ids, ...row.result_asset_ids]))];
      const assets = ids.length > 0 ? await media.findOwned(userId, ids) : [];
      jobs.set(
        userId,
        list.toSorted((a, b) => a.created_at.getTime() - b.created_at.getTime()).map((row) => toGeneration(row, assets, media)),
      );
    }
    for (const stream of watching) {
      for (const job of jobs.get(stream.userId) ?? []) if (stream.fresh || changed.has(job.id)) stream.send(job);
      stream.fresh = false;
    }
  }

  return {
    get open() {
      return streams.size;
    },

    notify: () => schedule(NOTIFY_DELAY_MS),

    changed(userId) {
      for (const stream of streams) {
        if (stream.userId === userId) {
          schedule(NOTIFY_DELAY_MS);
          return;
        }
      }
    },

    async close() {
      closing = true;
      clearTimeout(timer);
      for (const stream of streams) stream.end();
      await Promise.all(ending);
    },

    async stream(c) {
      const userId = c.get('user').id;
      if (closing) throw restarting();
      const lease = await leases.acquire(userId, maxStreams);
      if (lease === null) throw generationError(429, 'tooManyStreams');
      if (closing) {
        await leases.release(lease);
        throw restarting();
      }

      c.header('X-Accel-Buffering', 'no');
      return streamSSE(c, async (sse) => {
        let end!: () => void;
        const ended = new Promise<void>((resolve) => (end = resolve));
        // Writes go out one after the other; a failed write means the client is gone.
        let writing: Promise<void> = sse.write(': open\n\n').then(
          () => undefined,
          () => end(),
        );
        const write = (text: () => Promise<void>) => {
          writing = writing.then(text).catch(() => end());
        };
        const entry: OpenStream = {
          userId,
          lease,
          fresh: true,
          send: (job) => write(() => sse.writeSSE({ event: GENERATION_EVENTS.event, data: JSON.stringify(job) })),
          end: () => end(),
        };
        sse.onAbort(() => end());
        // The watcher was idle: ends before now are no news (the fresh stream gets the pending jobs).
        if (streams.size === 0 && !looking) lastLookAt = now();
        streams.add(entry);
        let finished!: () => void;
        const done = new Promise<void>((resolve) => (finished = resolve));
        ending.add(done);
        renewer ??= setInterval(renew, STREAM_RENEW_MS);
        const heartbeat = setInterval(
          () =>
            write(async () => {
              await sse.write(': ping\n\n');
            }),
          heartbeatMs,
        );
        const lifetime = setTimeout(() => end(), maxStreamMs);
        // Closed while this stream was being set up: it ends like the others.
        if (closing) end();
        schedule(0);
        try {
          await ended;
        } finally {
          clearInterval(heartbeat);
          clearTimeout(lifetime);
          // The slot is free before the stream counts as closed: a tab that reconnects at once gets it.
          await leases
            .release(lease)
            .catch((error: unknown) => logger.warn({ err: error }, 'generation events: could not release a stream slot (it lapses with its lease)'));
          streams.delete(entry);
          if (streams.size === 0) {
            clearInterval(renewer);
            renewer = undefined;
          }
          await writing;
          ending.delete(done);
          finished();
        }
      });
    },
  };
}

/** The repository, waking `notify` after each write that changes what a stream shows. */
export function notifyingRepository(repository: GenerationsRepository, notify: () => void): GenerationsRepository {
  const after =
    <A extends unknown[], R>(write: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      const result = await write(...args);
      notify();
      return result;
    };
  return {
    ...repository,
    submit: after(repository.submit),
    claim: after(repository.claim),
    tick: after(repository.tick),
    complete: after(repository.complete),
    fail: after(repository.fail),
    requeue: after(repository.requeue),
    cancel: after(repository.cancel),
  };
}
