/**
 * The server as a process: start-up on a fresh data directory, health over real HTTP on the
 * database under test, static files through the real socket, and graceful shutdown.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HealthResponseSchema } from '../../src/contract/health.schema.ts';
import { createBuildFixture, type BuildFixture } from './helpers/build-fixture.ts';
import { createScratchPostgres, DRIVER, POSTGRES_URL, type ScratchPostgres } from './helpers/database.ts';
import { spawnServer, type SpawnedServer } from './helpers/spawn.ts';

let dataDir: string;
let build: BuildFixture;
let postgres: ScratchPostgres | undefined;

async function serverEnv(): Promise<Record<string, string>> {
  const env: Record<string, string> = { DATA_DIR: dataDir, STATIC_DIR: build.dir, WORKERS: '1' };
  if (POSTGRES_URL) {
    postgres ??= await createScratchPostgres();
    env.DATABASE_URL = postgres.url;
  }
  return env;
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'atelier-data-'));
  build = await createBuildFixture();
});

afterAll(async () => {
  await postgres?.drop();
  await build.remove();
  await rm(dataDir, { recursive: true, force: true });
});

describe('start-up', () => {
  let server: SpawnedServer;

  beforeAll(async () => {
    server = await spawnServer(await serverEnv());
  });

  afterAll(async () => {
    await server?.stop();
  });

  it(`answers /api/health with 200 and every check ok (${DRIVER})`, async () => {
    const response = await fetch(`${server.baseUrl}/api/health`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const body = v.parse(HealthResponseSchema, await response.json());
    expect(body.status).toBe('ok');
    expect(body.database).toMatchObject({ ok: true, driver: DRIVER });
    expect(body.database.latencyMs).toBeGreaterThanOrEqual(0);
    expect(body.queue.ok).toBe(true);
    expect(body.version).toMatch(/^\d+\.\d+\.\d+/);
  });

  it("keeps an idle keep-alive connection open past Node's default (5 s, and a second of grace), so a client reusing it is answered", async () => {
    const { port } = new URL(server.baseUrl);
    const socket = connect(Number(port), '127.0.0.1');
    const seen = { text: '', closed: false };
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (seen.text += chunk));
    socket.on('close', () => (seen.closed = true));
    const request = `GET /api/health HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: keep-alive\r\n\r\n`;
    const okCount = () => (seen.text.match(/HTTP\/1\.1 200 OK/g) ?? []).length;
    const answers = async (count: number) => {
      while (okCount() < count && !seen.closed) await sleep(20);
      return okCount();
    };
    try {
      socket.write(request);
      expect(await answers(1)).toBe(1);
      await sleep(7_000);
      expect(seen.closed).toBe(false);
      socket.write(request);
      expect(await answers(2)).toBe(2);
    } finally {
      socket.destroy();
    }
  });

  it('logs each start-up step and one "listening" line with the URL', () => {
    const messages = server.logs.map((line) => line.msg);
    expect(messages).toEqual(expect.arrayContaining(['starting', 'database opened', 'migrations done', 'static build loaded', 'queue started']));
    const listening = server.logs.filter((line) => line.msg === 'listening');
    expect(listening).toHaveLength(1);
    expect(listening[0]?.url).toBe(`http://127.0.0.1:${server.port}`);
  });

  it('keeps PGlite files in $DATA_DIR/db unless DATABASE_URL is set', async () => {
    const version = await readFile(path.join(dataDir, 'db', 'PG_VERSION'), 'utf8').catch(() => null);
    const found = /^\d+$/.test(version?.trim() ?? '') ? 'PGlite cluster' : 'nothing';
    expect(found).toBe(DRIVER === 'pglite' ? 'PGlite cluster' : 'nothing');
  });

  it('streams the precompressed asset over a real socket', async () => {
    const response = await fetch(`${server.baseUrl}/assets/app-abc123.js`, { headers: { 'Accept-Encoding': 'br' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBe('br');
    // fetch decodes brotli transparently: the text is the original file's.
    expect(await response.text()).toBe(await readFile(path.join(build.dir, 'assets/app-abc123.js'), 'utf8'));
  });

  it('writes one request log line per request, with the request id it answered', async () => {
    const response = await fetch(`${server.baseUrl}/api/nope?token=secret`);
    await response.body?.cancel();
    const id = response.headers.get('x-request-id');
    await sleep(100);
    const lines = server.logs.filter((line) => line.requestId === id);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ msg: 'request', method: 'GET', path: '/api/nope', status: 404, ip: '127.0.0.1' });
    expect(lines[0]?.contentLength).toBeGreaterThan(0);
    expect(String(lines[0]?.durationMs)).toMatch(/^\d+(\.\d)?$/);
    expect(JSON.stringify(lines[0])).not.toContain('secret');
  });
});

describe('graceful shutdown', () => {
  it('lets an in-flight request finish after SIGTERM, refuses new connections, and exits 0', async () => {
    const server = await spawnServer({ ...(await serverEnv()), SHUTDOWN_TIMEOUT_MS: '10000' }, 'tests/server/fixtures/server-with-test-routes.ts');
    const slowMs = 1_500;
    const started = Date.now();
    const inFlight = fetch(`${server.baseUrl}/api/test/slow?ms=${slowMs}`);
    // Let the request reach the handler before the signal.
    await sleep(300);
    server.child.kill('SIGTERM');
    await sleep(200);

    // Refused outright (not left hanging): the listening socket is closed.
    await expect(fetch(`${server.baseUrl}/api/health`, { signal: AbortSignal.timeout(2_000) })).rejects.toMatchObject({
      cause: { code: 'ECONNREFUSED' },
    });

    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ sleptMs: slowMs });
    expect(Date.now() - started).toBeGreaterThanOrEqual(slowMs);

    const exit = await server.exited;
    expect(exit).toEqual({ code: 0, signal: null });
    const messages = server.logs.map((line) => line.msg);
    const order = ['shutting down: no longer accepting connections', 'http server closed', 'queue stopped', 'database closed', 'shutdown complete'];
    // Each step once, in this order.
    expect(messages.filter((message) => order.includes(message as string))).toEqual(order);
    // Nothing on stderr but the start-up line saying where mails go (no SMTP_URL here).
    expect(server.stderr().replace(/^No SMTP_URL: .*\n/m, '')).toBe('');
  });

  it('closes requests still running at SHUTDOWN_TIMEOUT_MS and still exits 0', async () => {
    const server = await spawnServer({ ...(await serverEnv()), SHUTDOWN_TIMEOUT_MS: '500' }, 'tests/server/fixtures/server-with-test-routes.ts');
    const inFlight = fetch(`${server.baseUrl}/api/test/slow?ms=20000`).then(
      (response) => response.status,
      () => 'connection closed',
    );
    await sleep(300);
    const signalled = Date.now();
    server.child.kill('SIGINT');
    expect(await inFlight).toBe('connection closed');
    expect(await server.exited).toEqual({ code: 0, signal: null });
    expect(Date.now() - signalled).toBeLessThan(10_000);
    expect(server.logs.map((line) => line.msg)).toContain('in-flight requests did not finish in time: closing their connections');
  });
});
