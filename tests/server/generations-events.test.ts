/**
 * GET /api/generations/events: the caller's jobs pushed as server-sent events (progress and the
 * end), only the caller's, a bounded number of streams per account (counted across processes),
 * streams that end when the client goes away, another process's changes heard at once on
 * Postgres (by notification, not at the next poll), and a server shutdown that an open stream
 * does not hold up.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GENERATION_EVENTS } from '../../src/contract/generations.ts';
import { Hono } from 'hono';
import type { UserEnv } from '../../server/auth/middleware.ts';
import { createSessionsRepository, startSessionToken } from '../../server/auth/sessions.ts';
import { createAccessTokens } from '../../server/auth/tokens.ts';
import { followChanges } from '../../server/generations/changes.ts';
import { createGenerationEvents, type GenerationEvents } from '../../server/generations/events.ts';
import { createGenerationsRepository } from '../../server/generations/repository.ts';
import { createStreamLeases } from '../../server/generations/stream-leases-repository.ts';
import { handleError } from '../../server/http/errors.ts';
import { openDatabase } from '../../server/db/connection.ts';
import { migrate } from '../../server/db/migrate.ts';
import { createUsersRepository } from '../../server/auth/users-repository.ts';
import { createScratchPostgres, DRIVER, POSTGRES_URL, type ScratchPostgres } from './helpers/database.ts';
import { createGenerationsHarness, waitFor, type GenerationsHarness, type Person } from './helpers/generations.ts';
import { openEvents, type EventReader } from './helpers/event-stream.ts';
import { silentLogger } from './helpers/logs.ts';
import { spawnServer } from './helpers/spawn.ts';
import { abortableSleep, createTestEngine, type TestEngine } from './helpers/test-engine.ts';

const BODY = {
  feature: 'body-generator',
  inputs: {},
  params: { gender: 'female', height: 165, weight: 55, age: 28, skin_tone: 'light', body_type: 'mesomorph', aspect_ratio: '3:4' },
} as const;

let h: GenerationsHarness;
let engine: TestEngine;

beforeAll(async () => {
  engine = createTestEngine();
  h = await createGenerationsHarness({ engine, workers: 1 });
});

afterAll(async () => {
  await h?.dispose();
});

const events = (person: Person) => openEvents(Promise.resolve(h.app.request(GENERATION_EVENTS.path, { headers: { Authorization: `Bearer ${person.token}` } })));

/** Another process's watcher on the same database (its own streams, its own looks), as an app serving `person`. */
function elsewhere(person: Person, options: { pollIntervalMs?: number } = {}): { watcher: GenerationEvents; open(): Promise<EventReader> } {
  const watcher = createGenerationEvents({
    repository: createGenerationsRepository(h.database),
    media: h.media.service,
    logger: silentLogger(),
    leases: createStreamLeases(h.database.kysely),
    ...options,
  });
  const app = new Hono<UserEnv>();
  app.use(async (c, next) => {
    c.set('user', { id: person.id } as UserEnv['Variables']['user']);
    await next();
  });
  app.get('/events', (c) => watcher.stream(c));
  // The app's own error answers (a refused stream is a 429, not a 500).
  app.onError((error, c) => handleError(error, c as never));
  return { watcher, open: () => openEvents(Promise.resolve(app.request('/events'))) };
}

/** Holds runs (reporting progress first) until `release()`. */
function gate() {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  engine.setBehaviour(async (run) => {
    await Promise.race([released, abortableSleep(60_000, run.signal)]);
  });
  return { release };
}

describe(`job events (${DRIVER})`, () => {
  it("pushes the caller's pending jobs, their progress and their end, and nothing of other people's", async () => {
    const person = await h.person(5);
    const other = await h.person(5);
    const { release } = gate();
    const { body: job } = await person.submit(BODY);
    const mine = await events(person);
    const theirs = await events(other);
    expect(mine.status).toBe(200);

    // On open: the pending job; then its progress (the runner reports a stage while the engine runs).
    await waitFor(
      () => (mine.jobs.some((event) => event.id === job.id && event.status === 'processing' && event.progress >= 10) ? true : undefined),
      10_000,
      'a progress event',
    );
    release();
    const done = await waitFor(() => mine.jobs.find((event) => event.id === job.id && event.status === 'completed'), 10_000, 'the completed event');
    expect(done.results).toHaveLength(1);
    expect(done).toEqual({ ...(await person.generation(job.id)), results: done.results, input_assets: done.input_assets });
    // Progress never goes backwards in what was pushed.
    const progress = mine.jobs.filter((event) => event.id === job.id).map((event) => event.progress);
    expect(progress).toEqual(progress.toSorted((a, b) => a - b));

    // The other person's stream never saw it.
    expect(theirs.jobs).toEqual([]);
    await Promise.all([mine.cancel(), theirs.cancel()]);
    engine.setBehaviour(null);
  });

  it('sends a job submitted after the stream opened, and a cancel', async () => {
    const person = await h.person(5);
    gate();
    const stream = await events(person);
    const { body: job } = await person.submit(BODY);
    await waitFor(() => (stream.jobs.some((event) => event.id === job.id) ? true : undefined), 10_000, 'the new job');
    expect((await person.call('POST', `/api/generations/${job.id}/cancel`)).status).toBe(200);
    await waitFor(() => (stream.jobs.some((event) => event.id === job.id && event.status === 'cancelled') ? true : undefined), 10_000, 'the cancel');
    await stream.cancel();
    engine.setBehaviour(null);
  });

  it('sees a change written by another process (straight in the database), within a poll interval', async () => {
    const person = await h.person(5);
    const { release } = gate();
    const { body: job } = await person.submit(BODY);
    const stream = await events(person);
    await waitFor(() => (stream.jobs.some((event) => event.id === job.id && event.status === 'processing') ? true : undefined), 10_000, 'the running job');
    // No write of this process's repository: only the watcher's own look can find it.
    await h.test.database.kysely.updateTable('generations').set({ progress: 55 }).where('id', '=', job.id).execute();
    const outside = await waitFor(() => stream.jobs.find((event) => event.id === job.id && event.progress === 55), 5_000, 'the outside change');
    expect(outside.status).toBe('processing');
    release();
    await person.settled(job.id);
    await stream.cancel();
    engine.setBehaviour(null);
  });

  it('asks for a signed-in caller and bounds the open streams per account', async () => {
    expect((await h.app.request(GENERATION_EVENTS.path)).status).toBe(401);
    const person = await h.person();
    const open = await Promise.all(Array.from({ length: GENERATION_EVENTS.maxStreamsPerAccount }, () => events(person)));
    expect(open.map((stream) => stream.status)).toEqual(open.map(() => 200));
    const refused = await h.app.request(GENERATION_EVENTS.path, { headers: { Authorization: `Bearer ${person.token}` } });
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ message: expect.any(String) });
    // Another account is not affected.
    const someoneElse = await events(await h.person());
    expect(someoneElse.status).toBe(200);
    // A stream the client closes is let go: there is room again.
    await open[0]?.cancel();
    await waitFor(() => (h.generations.events.open === GENERATION_EVENTS.maxStreamsPerAccount ? true : undefined), 5_000, 'the stream to close');
    const again = await events(person);
    expect(again.status).toBe(200);
    await Promise.all([...open.slice(1), someoneElse, again].map((stream) => stream.cancel()));
    await waitFor(() => (h.generations.events.open === 0 ? true : undefined), 5_000, 'every stream to close');
  });

  it('bounds the open streams per account across processes: those of another process count too', async () => {
    const person = await h.person();
    const other = elsewhere(person);
    const max = GENERATION_EVENTS.maxStreamsPerAccount;
    const here = await Promise.all(Array.from({ length: Math.ceil(max / 2) }, () => events(person)));
    const there = await Promise.all(Array.from({ length: max - here.length }, () => other.open()));
    expect([...here, ...there].map((stream) => stream.status)).toEqual([...here, ...there].map(() => 200));
    // The limit is reached, whichever process the next one asks.
    expect((await events(person)).status).toBe(429);
    expect((await other.open()).status).toBe(429);
    // A stream closed in the other process frees a slot here.
    await there[0]?.cancel();
    await waitFor(() => (other.watcher.open === there.length - 1 ? true : undefined), 5_000, 'the other stream to close');
    const again = await events(person);
    expect(again.status).toBe(200);
    await Promise.all([...here, ...there.slice(1), again].map((stream) => stream.cancel()));
    await other.watcher.close();
    await waitFor(() => (h.generations.events.open === 0 ? true : undefined), 5_000, 'every stream to close');
  });

  it('lets the slots of a process that died lapse with their lease', async () => {
    const person = await h.person();
    const max = GENERATION_EVENTS.maxStreamsPerAccount;
    const leaseMs = 300;
    // A process that took every slot, then died (never released, never renewed).
    const dead = createStreamLeases(h.database.kysely, leaseMs);
    for (let i = 0; i < max; i += 1) expect(await dead.acquire(person.id, max)).toEqual(expect.any(String));
    expect((await events(person)).status).toBe(429);
    await sleep(leaseMs + 100);
    const stream = await events(person);
    expect(stream.status).toBe(200);
    await stream.cancel();
  });

  it.skipIf(DRIVER === 'pglite')('hears a change made in another process at once, by notification, not at its next poll (Postgres)', async () => {
    const person = await h.person(5);
    const { release } = gate();
    const { body: job } = await person.submit(BODY);
    // A web process whose watcher would look by itself once an hour: only a notification can tell it.
    const other = elsewhere(person, { pollIntervalMs: 3_600_000 });
    const unfollow = followChanges(h.notifications, {
      changed: (userId) => other.watcher.changed(userId),
      queued: () => undefined,
      missed: () => other.watcher.notify(),
    });
    const stream = await other.open();
    await waitFor(() => (stream.jobs.some((event) => event.id === job.id && event.status === 'processing') ? true : undefined), 10_000, 'the running job');
    release();
    const done = await waitFor(
      () => stream.jobs.find((event) => event.id === job.id && event.status === 'completed'),
      10_000,
      'the completed job, by notification',
    );
    expect(done.results).toHaveLength(1);
    // Another change, straight in the database (what a worker process's write is): heard as well.
    await h.test.database.kysely.updateTable('generations').set({ error_code: 'test' }).where('id', '=', job.id).execute();
    await waitFor(
      () => (stream.jobs.some((event) => event.id === job.id && event.error?.code === 'test') ? true : undefined),
      10_000,
      'the outside change, by notification',
    );
    unfollow();
    await stream.cancel();
    await other.watcher.close();
    engine.setBehaviour(null);
  });

  it('ends every open stream when the server closes them (shutdown)', async () => {
    const person = await h.person();
    const stream = await events(person);
    expect(h.generations.events.open).toBe(1);
    h.generations.closeStreams();
    await stream.ended;
    expect(h.generations.events.open).toBe(0);
  });
});

describe(`heartbeat and time limit of a stream (${DRIVER})`, () => {
  it('sends a heartbeat comment while nothing changes, and ends the stream at its time limit', async () => {
    const person = await h.person();
    const watcher = createGenerationEvents({
      repository: createGenerationsRepository(h.database),
      media: h.media.service,
      logger: silentLogger(),
      leases: createStreamLeases(h.database.kysely),
      heartbeatMs: 100,
      maxStreamMs: 1_000,
    });
    const app = new Hono<UserEnv>();
    app.use(async (c, next) => {
      c.set('user', { id: person.id } as UserEnv['Variables']['user']);
      await next();
    });
    app.get('/events', (c) => watcher.stream(c));
    const opened = Date.now();
    const stream = await openEvents(Promise.resolve(app.request('/events')));
    await waitFor(() => (stream.comments.filter((comment) => comment === 'ping').length >= 2 ? true : undefined), 5_000, 'two heartbeats');
    await stream.ended;
    expect(Date.now() - opened).toBeGreaterThanOrEqual(1_000);
    expect(watcher.open).toBe(0);
  });
});

describe(`an open job stream and shutdown (${DRIVER})`, () => {
  let dataDir: string;
  let postgres: ScratchPostgres | undefined;
  const secret = 'events-test-signing-key-of-32-characters-or-more';

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'atelier-events-'));
  });

  afterAll(async () => {
    await postgres?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('does not hold up the HTTP server: SIGTERM ends the stream and the process exits 0 well before SHUTDOWN_TIMEOUT_MS', async () => {
    const env: Record<string, string> = { DATA_DIR: dataDir, WORKERS: '0', JWT_SECRET: secret, SHUTDOWN_TIMEOUT_MS: '20000' };
    if (POSTGRES_URL) {
      postgres = await createScratchPostgres();
      env.DATABASE_URL = postgres.url;
    }
    const database = await openDatabase(
      POSTGRES_URL && postgres ? { databaseUrl: postgres.url, pgliteDataDir: '' } : { pgliteDataDir: path.join(dataDir, 'db') },
    );
    let token: string;
    try {
      await migrate(database);
      const user = await createUsersRepository(database).create(
        {
          email: 'events@example.com',
          name: 'Lê Thị Hoa',
          passwordHash: null,
          profilePicture: null,
          language: 'vi',
          isVerified: true,
          firebaseUid: null,
          createdAt: new Date(),
        },
        [],
      );
      token = await startSessionToken(
        { sessions: createSessionsRepository(database), tokens: createAccessTokens({ secret, ttlSeconds: 3_600, now: Date.now }), now: Date.now },
        user,
      );
    } finally {
      await database.close();
    }

    const server = await spawnServer(env);
    const stream = await openEvents(fetch(`${server.baseUrl}${GENERATION_EVENTS.path}`, { headers: { Authorization: `Bearer ${token}` } }));
    expect(stream.status).toBe(200);
    await waitFor(() => (stream.comments.includes('open') ? true : undefined), 5_000, 'the stream to open');
    await sleep(200);
    const signalled = Date.now();
    server.child.kill('SIGTERM');
    await stream.ended;
    expect(await server.exited).toEqual({ code: 0, signal: null });
    expect(Date.now() - signalled).toBeLessThan(10_000);
    expect(server.logs.map((line) => line.msg)).not.toContain('in-flight requests did not finish in time: closing their connections');
  }, 60_000);
});
