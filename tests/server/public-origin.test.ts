/**
 * Links handed back to a person lead to the origin they reached the server at when PUBLIC_URL is
 * unset (server/http/origin.ts, docs/product-rules.md#public-origin): a seller who opened
 * http://127.0.0.1:8080 was sent back from paying to http://localhost:8080, where the browser held
 * no session. A Host that is not this server gets the default, never a link to that host.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OutboxMail } from '../../src/contract/dev-tools.schema.ts';
import { createAccountsHarness, type AccountsHarness } from './helpers/accounts.ts';
import { makeBuyer } from './helpers/billing.ts';
import { DRIVER } from './helpers/database.ts';

/** PUBLIC_URL unset, PORT 8080 (the config's defaults). */
const DEFAULT_ORIGIN = 'http://localhost:8080';

let h: AccountsHarness;
let fixed: AccountsHarness;
let addresses = 0;

beforeAll(async () => {
  h = await createAccountsHarness();
  fixed = await createAccountsHarness({ env: { PUBLIC_URL: 'https://atelier.example' } });
});

afterAll(async () => {
  await h?.dispose();
  await fixed?.dispose();
});

/** The first link of a mail's text whose path is `path`. */
function linkOf(mail: OutboxMail, path: string): URL {
  const href = mail.text.match(/https?:\/\/\S+/g)?.find((candidate) => new URL(candidate).pathname === path);
  if (!href) throw new Error(`no ${path} link in: ${mail.text}`);
  return new URL(href);
}

async function resetLinkOrigin(harness: AccountsHarness, email: string, host: string | undefined): Promise<string> {
  const answer = await harness.call('POST', '/auth/forgot-password', {
    body: { email },
    headers: host ? { Host: host } : {},
    address: `2001:db8:99::${(++addresses).toString(16)}`,
  });
  expect(answer.status).toBe(200);
  return linkOf(await harness.lastMail(email, 'reset'), '/auth/reset-password').origin;
}

describe(`links follow the origin the person came from (${DRIVER})`, () => {
  it('a password-reset mail links to the origin the request reached, when that origin is this server', async () => {
    await h.signUp({ email: 'origin-reset@example.com' });
    expect(await resetLinkOrigin(h, 'origin-reset@example.com', '127.0.0.1:8080')).toBe('http://127.0.0.1:8080');
    expect(await resetLinkOrigin(h, 'origin-reset@example.com', 'localhost:8080')).toBe('http://localhost:8080');
    expect(await resetLinkOrigin(h, 'origin-reset@example.com', '[::1]:8080')).toBe('http://[::1]:8080');
  });

  it('a Host that is not this server (a poisoned reset link) gets the default origin', async () => {
    await h.signUp({ email: 'origin-poison@example.com' });
    for (const host of ['evil.example', 'evil.example:8080', '127.0.0.1:9999', undefined]) {
      expect(await resetLinkOrigin(h, 'origin-poison@example.com', host), String(host)).toBe(DEFAULT_ORIGIN);
    }
  });

  it('with PUBLIC_URL set, every link is PUBLIC_URL whatever the Host', async () => {
    await fixed.signUp({ email: 'origin-fixed@example.com' });
    expect(await resetLinkOrigin(fixed, 'origin-fixed@example.com', '127.0.0.1:8080')).toBe('https://atelier.example');
  });

  it("a newsletter confirmation mail links (confirm and unsubscribe) to the sign-up's origin", async () => {
    const email = 'origin-news@example.com';
    const answer = await h.call('POST', '/api/newsletter/subscribe', {
      body: { email, locale: 'vi', website: '' },
      headers: { Host: '127.0.0.1:8080' },
      address: '2001:db8:98::1',
    });
    expect(answer.status).toBe(202);
    await h.tasks.settle();
    const mail = (await h.outbox()).find((item) => item.to === email);
    if (!mail) throw new Error('no confirmation mail');
    expect(linkOf(mail, '/newsletter/confirm').origin).toBe('http://127.0.0.1:8080');
    expect(mail.headers?.['List-Unsubscribe']).toContain('http://127.0.0.1:8080/newsletter/unsubscribe?');
  });

  it('a payment opened from http://127.0.0.1:8080 returns there, its hosted page is there, and its receipt mail links there', async () => {
    const buyer = await makeBuyer(h);
    const host = { Host: '127.0.0.1:8080', 'Idempotency-Key': 'origin-checkout-1' };
    const started = await buyer.call('POST', '/api/billing/checkout', { body: { item: 'pack_50', method: 'sandbox', accept_terms: true }, headers: host });
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    const page = new URL(started.body.redirect_url as string);
    expect(page.origin).toBe('http://127.0.0.1:8080');
    expect(page.pathname).toBe(`/billing/sandbox/${started.body.payment.id}`);
    // The same key again answers the same order, with the same page.
    const again = await buyer.call('POST', '/api/billing/checkout', { body: { item: 'pack_50', method: 'sandbox', accept_terms: true }, headers: host });
    expect(again.body.redirect_url).toBe(started.body.redirect_url);
    // Paying on the hosted page sends the browser back on that same origin (a relative redirect).
    const paid = await h.app.request(`${page.pathname}/pay${page.search}`, { method: 'POST', headers: { Host: '127.0.0.1:8080' } });
    expect(paid.status).toBe(303);
    expect(new URL(paid.headers.get('location') ?? '', page).toString()).toBe(`http://127.0.0.1:8080/payment/success?order=${started.body.payment.id}`);
    await h.tasks.settle();
    await expect.poll(async () => (await buyer.call('GET', `/api/billing/payments/${started.body.payment.id}`)).body.status).toBe('completed');
    // The receipt goes out after the settlement, on its own.
    const receiptOf = async () => (await h.outbox()).find((mail) => mail.to === buyer.email && mail.kind === 'receipt');
    await expect.poll(receiptOf).toBeDefined();
    expect(linkOf((await receiptOf())!, `/receipts/${started.body.payment.id}`).origin).toBe('http://127.0.0.1:8080');
  });

  it('a checkout whose Host is not this server returns to the default origin', async () => {
    const buyer = await makeBuyer(h);
    const started = await buyer.call('POST', '/api/billing/checkout', {
      body: { item: 'pack_50', method: 'sandbox', accept_terms: true },
      headers: { Host: 'evil.example', 'Idempotency-Key': 'origin-checkout-2' },
    });
    expect(started.status).toBe(201);
    expect(new URL(started.body.redirect_url as string).origin).toBe(DEFAULT_ORIGIN);
  });
});
