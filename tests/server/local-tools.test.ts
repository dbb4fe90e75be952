/**
 * The mail outbox and the dev tools answer only requests made on the server's own machine
 * (server/http/local-only.ts); the outbox is there whenever mails go to it, without DEV_TOOLS;
 * and a newcomer on the defaults (`npm start`: production, no SMTP_URL, no DEV_TOOLS) reads their
 * code on the console or on /dev-tools.
 */
import { request as httpRequest } from 'node:http';
import path from 'node:path';
import type { HttpBindings } from '@hono/node-server';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OutboxResponseSchema } from '../../src/contract/dev-tools.schema.ts';
import { HTTP_MESSAGES } from '../../src/contract/http-errors.ts';
import { createAccountsHarness, PASSWORD, type AccountsHarness } from './helpers/accounts.ts';
import { FROM_LOOPBACK } from './helpers/app.ts';
import { createScratchPostgres, DRIVER, POSTGRES_URL, type ScratchPostgres } from './helpers/database.ts';
import { spawnServer } from './helpers/spawn.ts';

let h: AccountsHarness;

beforeAll(async () => {
  h = await createAccountsHarness();
});

afterAll(async () => {
  await h?.dispose();
});

const peer = (remoteAddress: string) => ({ incoming: { socket: { remoteAddress } } }) as unknown as HttpBindings;

const tools = () => h.another({ env: { DEV_TOOLS: '1' } });
const grant = (app: ReturnType<typeof tools>, bindings: HttpBindings | undefined, headers: Record<string, string> = {}, url = '/api/dev-tools/credits') =>
  app.request(
    url,
    { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify({ email: 'nobody@example.com', amount: 1 }) },
    bindings,
  );

describe(`who may use /api/dev-tools (${DRIVER})`, () => {
  it('answers a loopback peer (IPv4, IPv6, v4-mapped), addressed as localhost or a loopback address', async () => {
    const app = tools();
    // 404: the route ran and found no such account.
    for (const address of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1']) expect((await grant(app, peer(address))).status, address).toBe(404);
    expect((await grant(app, FROM_LOOPBACK, {}, 'http://127.0.0.1:8080/api/dev-tools/credits')).status).toBe(404);
    expect((await grant(app, FROM_LOOPBACK, {}, 'http://[::1]:8080/api/dev-tools/credits')).status).toBe(404);
    expect((await grant(app, FROM_LOOPBACK, { 'X-Forwarded-For': '127.0.0.1' })).status).toBe(404);
  });

  it('refuses with a 403 anything else: no socket, another peer, a relayed request, a foreign host name', async () => {
    for (const trustProxy of [false, true]) {
      const app = h.another({ env: { DEV_TOOLS: '1' }, trustProxy });
      const refusals: Array<[string, Response]> = [
        ['no socket', await grant(app, undefined)],
        ['LAN peer', await grant(app, peer('192.168.1.20'))],
        ['v4-mapped LAN peer', await grant(app, peer('::ffff:10.0.0.2'))],
        ['relayed by a local proxy', await grant(app, FROM_LOOPBACK, { 'X-Forwarded-For': '203.0.113.9' })],
        ['relayed through two proxies', await grant(app, FROM_LOOPBACK, { 'X-Forwarded-For': '127.0.0.1, 203.0.113.9' })],
        ['X-Real-IP', await grant(app, FROM_LOOPBACK, { 'X-Real-IP': '203.0.113.9' })],
        ['Forwarded', await grant(app, FROM_LOOPBACK, { Forwarded: 'for=203.0.113.9;proto=https' })],
        ['Forwarded, obfuscated', await grant(app, FROM_LOOPBACK, { Forwarded: 'for=_hidden' })],
        ['rebound host name', await grant(app, FROM_LOOPBACK, {}, 'http://attacker.example:8080/api/dev-tools/credits')],
      ];
      for (const [what, response] of refusals) {
        expect(response.status, `${what} (TRUST_PROXY=${trustProxy})`).toBe(403);
        expect(await response.json()).toEqual({ detail: HTTP_MESSAGES.localOnly, code: 'localOnly' });
      }
    }
    const outbox = await h.app.request('/api/dev-tools/outbox', {}, peer('10.1.2.3'));
    expect(outbox.status).toBe(403);
    expect(await outbox.json()).toEqual({ message: HTTP_MESSAGES.localOnly, code: 'localOnly' });
  });

  it('serves the outbox without DEV_TOOLS while mails go to it, but not credits; nothing with SMTP_URL', async () => {
    for (const NODE_ENV of ['production', 'development', 'test']) {
      const app = h.another({ env: { NODE_ENV } });
      expect((await app.request('/api/dev-tools/outbox', {}, FROM_LOOPBACK)).status, NODE_ENV).toBe(200);
      expect((await grant(app, FROM_LOOPBACK)).status, NODE_ENV).toBe(404);
    }
    const smtp = h.another({ env: { SMTP_URL: 'smtp://127.0.0.1:1' } });
    expect((await smtp.request('/api/dev-tools/outbox', {}, FROM_LOOPBACK)).status).toBe(404);
    // With DEV_TOOLS the outbox stays readable (it is empty then, unless mails were written before).
    const smtpTools = h.another({ env: { SMTP_URL: 'smtp://127.0.0.1:1', DEV_TOOLS: '1' } });
    expect((await smtpTools.request('/api/dev-tools/outbox', {}, FROM_LOOPBACK)).status).toBe(200);
  });
});

/** GET with a chosen Host header (fetch does not let one set it). */
function getWithHost(url: string, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, { headers: { Host: host } }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.on('error', reject);
    request.end();
  });
}

const post = (base: string, url: string, body: unknown) =>
  fetch(`${base}${url}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

describe(`a newcomer's first run: production defaults, no SMTP, no DEV_TOOLS (${DRIVER})`, () => {
  let postgres: ScratchPostgres | undefined;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = path.join(h.dataDir, 'first-run');
    if (POSTGRES_URL) postgres = await createScratchPostgres();
  });

  afterAll(async () => {
    await postgres?.drop();
  });

  it('prints the code on the console, lists it on the outbox from this machine, and grants nothing', async () => {
    const env: Record<string, string> = { DATA_DIR: dataDir, WORKERS: '0', NODE_ENV: 'production' };
    if (postgres) env.DATABASE_URL = postgres.url;
    const server = await spawnServer(env);
    try {
      // stderr is its own pipe: the console line may be read after the "listening" log line.
      await expect.poll(() => server.stderr()).toContain(`listed at ${server.baseUrl}/dev-tools`);
      expect(server.logs.find((line) => line.page === `${server.baseUrl}/dev-tools`)).toBeDefined();
      expect(server.stderr()).not.toMatch(/DEV_TOOLS/);

      expect((await post(server.baseUrl, '/auth/register', { name: 'Newcomer', email: 'new@example.com', password: PASSWORD })).status).toBe(201);
      expect((await post(server.baseUrl, '/auth/generate_otp', { email: 'new@example.com' })).status).toBe(200);
      const outbox = await fetch(`${server.baseUrl}/api/dev-tools/outbox`);
      expect(outbox.status).toBe(200);
      const mail = v.parse(OutboxResponseSchema, await outbox.json()).mails.find((item) => item.to === 'new@example.com');
      const code = /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1];
      expect(code).toBeDefined();
      await expect.poll(() => server.stderr()).toContain(`Mail to new@example.com: verification code ${code}`);

      expect((await post(server.baseUrl, '/api/dev-tools/credits', { email: 'new@example.com', amount: 5 })).status).toBe(404);
      // A page on another domain rebound to 127.0.0.1 cannot read it through a browser.
      expect(await getWithHost(`${server.baseUrl}/api/dev-tools/outbox`, 'attacker.example')).toBe(403);
      expect(await getWithHost(`${server.baseUrl}/api/dev-tools/outbox`, `localhost:${server.port}`)).toBe(200);
    } finally {
      await server.stop();
    }
  });

  it('DEV_TOOLS=force serves the tools in production and says so loudly', async () => {
    const env: Record<string, string> = { DATA_DIR: path.join(dataDir, 'forced'), WORKERS: '0', NODE_ENV: 'production', DEV_TOOLS: 'force' };
    if (postgres) env.DATABASE_URL = postgres.url;
    const server = await spawnServer(env);
    try {
      await expect.poll(() => server.stderr()).toContain('WARNING: DEV_TOOLS=force: the dev tools are ON in production.');
      expect(server.logs.find((line) => line.devTools === 'force')?.level).toBe(50);
      expect((await post(server.baseUrl, '/api/dev-tools/credits', { email: 'nobody@example.com', amount: 5 })).status).toBe(404);
      const registered = await post(server.baseUrl, '/auth/register', { name: 'Forced', email: 'forced@example.com', password: PASSWORD });
      expect(registered.status).toBe(201);
      const granted = await post(server.baseUrl, '/api/dev-tools/credits', { email: 'forced@example.com', amount: 5 });
      expect(granted.status).toBe(200);
    } finally {
      await server.stop();
    }
  });
});
