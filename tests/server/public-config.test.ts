/** `GET /api/config`, the CSP additions for Google sign-in, and when /api/dev-tools answers. */
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PublicConfigSchema } from '../../src/contract/config.schema.ts';
import { OutboxResponseSchema } from '../../src/contract/dev-tools.schema.ts';
import { loadStaticBuild, type StaticBuild } from '../../server/static/build.ts';
import { createAccountsHarness, PASSWORD, type AccountsHarness } from './helpers/accounts.ts';
import { FROM_LOOPBACK } from './helpers/app.ts';
import { createBuildFixture, type BuildFixture } from './helpers/build-fixture.ts';
import { DRIVER } from './helpers/database.ts';

let h: AccountsHarness;
let fixture: BuildFixture;
let build: StaticBuild;

beforeAll(async () => {
  h = await createAccountsHarness();
  fixture = await createBuildFixture();
  const loaded = await loadStaticBuild(fixture.dir);
  if (!loaded) throw new Error('fixture build not recognised');
  build = loaded;
});

afterAll(async () => {
  await h.dispose();
  await fixture.remove();
});

const json = async (app: ReturnType<AccountsHarness['another']>, url: string) => {
  const response = await app.request(url, {}, FROM_LOOPBACK);
  return { status: response.status, body: await response.json() };
};

const HTML = { Accept: 'text/html' };
const directive = (csp: string, name: string) => csp.split('; ').find((part) => part.startsWith(`${name} `)) ?? '';

describe(`GET /api/config (${DRIVER})`, () => {
  it('says Firebase is off when it is not configured (the PWA hides Google sign-in)', async () => {
    const result = await json(h.app, '/api/config');
    expect(result.status).toBe(200);
    expect(v.parse(PublicConfigSchema, result.body)).toEqual({ firebase: null, devTools: false });
  });

  it('gives the emulator defaults and URL when FIREBASE_AUTH_EMULATOR_HOST is set', async () => {
    // The emulator is refused in production (server/config.ts): a test server with dev tools off.
    const app = h.another({ env: { FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099', NODE_ENV: 'test', DEV_TOOLS: '0' } });
    expect((await json(app, '/api/config')).body).toEqual({
      firebase: { apiKey: 'demo-api-key', authDomain: 'demo-atelier.firebaseapp.com', projectId: 'demo-atelier', authEmulatorUrl: 'http://127.0.0.1:9099' },
      devTools: false,
    });
  });

  it('gives a real project configuration without an emulator URL', async () => {
    const app = h.another({
      env: { FIREBASE_PROJECT_ID: 'atelier-prod', FIREBASE_API_KEY: 'AIzaTest-key_1', FIREBASE_AUTH_DOMAIN: 'atelier-prod.firebaseapp.com' },
    });
    expect((await json(app, '/api/config')).body.firebase).toEqual({
      apiKey: 'AIzaTest-key_1',
      authDomain: 'atelier-prod.firebaseapp.com',
      projectId: 'atelier-prod',
      authEmulatorUrl: null,
    });
  });
});

describe('Content-Security-Policy for Google sign-in', () => {
  it('adds Firebase sources only when Firebase is configured', async () => {
    const plain = h.another({ staticBuild: build });
    const plainResponse = await plain.request('/', { headers: HTML });
    const plainCsp = plainResponse.headers.get('content-security-policy') ?? '';
    expect(plainCsp).not.toContain('googleapis');
    expect(plainCsp).not.toContain('frame-src');
    expect(plainResponse.headers.get('cross-origin-opener-policy')).toBe('same-origin');

    const withFirebase = h.another({ staticBuild: build, env: { FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' } });
    const response = await withFirebase.request('/', { headers: HTML });
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(directive(csp, 'connect-src')).toBe(
      "connect-src 'self' https://identitytoolkit.googleapis.com https://securetoken.googleapis.com https://www.googleapis.com http://127.0.0.1:9099",
    );
    expect(directive(csp, 'frame-src')).toBe("frame-src 'self' https://demo-atelier.firebaseapp.com http://127.0.0.1:9099");
    expect(directive(csp, 'script-src')).toMatch(/^script-src 'self'( 'sha256-[^']+')+ https:\/\/apis\.google\.com$/);
    expect(csp).toContain("frame-ancestors 'none'");
    // The sign-in popup must be able to talk back to the page.
    expect(response.headers.get('cross-origin-opener-policy')).toBe('same-origin-allow-popups');
  });
});

describe(`GET /api/dev-tools/outbox (${DRIVER})`, () => {
  it('lists the outbox newest first, without sign-in', async () => {
    expect((await h.post('/auth/register', { name: 'Outbox', email: 'outbox@example.com', password: PASSWORD, language: 'en' })).status).toBe(201);
    await h.post('/auth/generate_otp', { email: 'outbox@example.com' });
    h.clock.advance(1_000);
    await h.post('/auth/forgot-password', { email: 'outbox@example.com' });
    await h.tasks.settle();
    const result = await json(h.app, '/api/dev-tools/outbox');
    expect(result.status).toBe(200);
    const { mails } = v.parse(OutboxResponseSchema, result.body);
    expect(mails.map((mail) => [mail.to, mail.kind])).toEqual([
      ['outbox@example.com', 'reset'],
      ['outbox@example.com', 'otp'],
    ]);
    expect(mails[0]).toMatchObject({ subject: 'Reset your Atelier password', createdAt: new Date(h.clock.now()).toISOString() });
    expect(mails[0]?.id).not.toBe(mails[1]?.id);
  });

  it('is a JSON 404 with SMTP_URL unless DEV_TOOLS is on; /api/config says whether the tools are on', async () => {
    const smtp = h.another({ env: { NODE_ENV: 'production', SMTP_URL: 'smtp://127.0.0.1:1' } });
    expect(await json(smtp, '/api/dev-tools/outbox')).toEqual({ status: 404, body: { message: 'Not found', code: 'unknownPath' } });
    expect((await json(smtp, '/api/config')).body.devTools).toBe(false);

    const e2e = h.another({ env: { NODE_ENV: 'production', DEV_TOOLS: 'force' } });
    expect((await json(e2e, '/api/dev-tools/outbox')).status).toBe(200);
    expect((await json(e2e, '/api/config')).body.devTools).toBe(true);

    const off = h.another({ env: { NODE_ENV: 'development', DEV_TOOLS: '0', SMTP_URL: 'smtp://127.0.0.1:1' } });
    expect((await json(off, '/api/dev-tools/outbox')).status).toBe(404);
  });
});
