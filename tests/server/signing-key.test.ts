/**
 * The access-token signing key: JWT_SECRET, else generated once into $DATA_DIR/jwt-secret
 * (mode 0600) and reused by later starts, so a token survives a restart of the real server.
 */
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LoginResponseSchema } from '../../src/contract/auth.schema.ts';
import { OutboxResponseSchema } from '../../src/contract/dev-tools.schema.ts';
import { JWT_SECRET_FILE, loadSigningKey } from '../../server/platform/secrets.ts';
import { otpOf, PASSWORD } from './helpers/accounts.ts';
import { createScratchPostgres, DRIVER, POSTGRES_URL, type ScratchPostgres } from './helpers/database.ts';
import { silentLogger } from './helpers/logs.ts';
import { spawnServer } from './helpers/spawn.ts';

let dataDir: string;
let postgres: ScratchPostgres | undefined;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'atelier-key-'));
  if (POSTGRES_URL) postgres = await createScratchPostgres();
});

afterAll(async () => {
  await postgres?.drop();
  await rm(dataDir, { recursive: true, force: true });
});

describe('loadSigningKey', () => {
  it('generates 32 random bytes (base64url) into a 0600 file once, then reuses it', async () => {
    const dir = path.join(dataDir, 'unit');
    const first = await loadSigningKey({ jwtSecret: null, dataDir: dir, logger: silentLogger() });
    expect(first.source).toBe('generated');
    expect(first.secret).toMatch(/^[\w-]{43}$/);
    const file = path.join(dir, JWT_SECRET_FILE);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect((await readFile(file, 'utf8')).trim()).toBe(first.secret);

    const second = await loadSigningKey({ jwtSecret: null, dataDir: dir, logger: silentLogger() });
    expect(second).toEqual({ secret: first.secret, source: 'file' });
  });

  it('uses JWT_SECRET when set, and writes nothing', async () => {
    const dir = path.join(dataDir, 'from-env');
    const key = await loadSigningKey({ jwtSecret: 'an operator chosen secret of 32+ chars', dataDir: dir, logger: silentLogger() });
    expect(key).toEqual({ secret: 'an operator chosen secret of 32+ chars', source: 'environment' });
    await expect(stat(dir)).rejects.toMatchObject({ code: 'ENOENT' });
  });
});

const post = (base: string, url: string, body: unknown) =>
  fetch(`${base}${url}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

describe(`the real server (${DRIVER})`, () => {
  it('keeps accepting a token after a restart on the same DATA_DIR', async () => {
    const env: Record<string, string> = { DATA_DIR: path.join(dataDir, 'server'), WORKERS: '0', NODE_ENV: 'production' };
    if (postgres) env.DATABASE_URL = postgres.url;

    const first = await spawnServer(env);
    let token: string;
    try {
      expect(first.logs.find((line) => line.msg === 'signing key loaded')?.source).toBe('generated');
      expect((await post(first.baseUrl, '/auth/register', { name: 'Restart', email: 'restart@example.com', password: PASSWORD })).status).toBe(201);
      expect((await post(first.baseUrl, '/auth/generate_otp', { email: 'restart@example.com' })).status).toBe(200);
      const outbox = v.parse(OutboxResponseSchema, await (await fetch(`${first.baseUrl}/api/dev-tools/outbox`)).json());
      const mail = outbox.mails.find((item) => item.to === 'restart@example.com');
      expect(mail?.kind).toBe('otp');
      expect((await post(first.baseUrl, '/auth/verify_otp', { email: 'restart@example.com', otp: Number(otpOf(mail!)) })).status).toBe(200);
      const login = await post(first.baseUrl, '/auth/login', { username: 'restart@example.com', password: PASSWORD });
      token = v.parse(LoginResponseSchema, await login.json()).access_token;
    } finally {
      await first.stop();
    }

    const second = await spawnServer(env);
    try {
      expect(second.logs.find((line) => line.msg === 'signing key loaded')?.source).toBe('file');
      const profile = await fetch(`${second.baseUrl}/auth/profile`, { headers: { Authorization: `Bearer ${token}` } });
      expect(profile.status).toBe(200);
      expect(await profile.json()).toMatchObject({ email: 'restart@example.com', is_verified: true });
    } finally {
      await second.stop();
    }
  });
});
