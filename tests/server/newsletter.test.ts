/**
 * The newsletter (docs/product-rules.md#newsletter), through the outbox: subscribe → the
 * confirmation mail → its link's page (a GET confirms nothing) → the page's button confirms → the
 * welcome mail with the unsubscribe header fields → one-click unsubscribe → nothing more. A
 * pending address never gets anything but its confirmation; every answer to a sign-up is the same.
 * PGlite, or Postgres with DATABASE_URL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OutboxMail } from '../../src/contract/dev-tools.schema.ts';
import { NEWSLETTER_MESSAGES, SUBSCRIBE_ACCEPTED_TEXT } from '../../src/contract/newsletter.ts';
import { createNewsletter, type Newsletter } from '../../server/newsletter/index.ts';
import { CONFIRM_MAILS_PER_EMAIL, CONFIRM_TTL_HOURS, SIGNUPS_PER_ADDRESS } from '../../server/newsletter/service.ts';
import { loadConfig } from '../../server/config.ts';
import { createAccountsHarness, DAY_MS, type AccountsHarness } from './helpers/accounts.ts';
import { TEST_SIGNING_KEY } from './helpers/app.ts';
import { DRIVER } from './helpers/database.ts';
import { silentLogger } from './helpers/logs.ts';

const HOUR_MS = 3_600_000;
const ACCEPTED = { status: 202, body: { status: 'accepted', message: SUBSCRIBE_ACCEPTED_TEXT } };

let h: AccountsHarness;
let newsletter: Newsletter;
/** Each sign-up comes from an address of its own unless a test says otherwise (the per-address limit). */
let addresses = 0;

beforeAll(async () => {
  h = await createAccountsHarness();
  // The area as a sender of issues would build it: same database, same key.
  newsletter = createNewsletter({
    config: loadConfig({ NODE_ENV: 'test', DATA_DIR: h.dataDir }),
    database: h.database,
    logger: silentLogger(),
    signingKey: TEST_SIGNING_KEY,
    tasks: h.tasks,
    now: h.clock.now,
  });
});

afterAll(async () => {
  await h?.dispose();
});

async function subscribe(body: Record<string, unknown>, address = `2001:db8:77::${(++addresses).toString(16)}`) {
  const result = await h.call('POST', '/api/newsletter/subscribe', { body, address });
  await h.tasks.settle();
  return { status: result.status, body: result.body };
}

async function recipients(): Promise<string[]> {
  const emails: string[] = [];
  for await (const recipient of newsletter.service.recipients()) emails.push(recipient.email);
  return emails;
}

const mailsTo = async (email: string): Promise<OutboxMail[]> => (await h.outbox()).filter((mail) => mail.to === email);

/** The link of a mail's button (the first https/http address of its text). */
function linkOf(mail: OutboxMail, path: string): URL {
  const href = mail.text.match(/https?:\/\/\S+/g)?.find((candidate) => new URL(candidate).pathname === path);
  if (!href) throw new Error(`no ${path} link in: ${mail.text}`);
  return new URL(href);
}

/** The https address of a mail's List-Unsubscribe. */
function oneClickOf(mail: OutboxMail): URL {
  const header = mail.headers?.['List-Unsubscribe'] ?? '';
  const https = /<(https?:[^>]+)>/.exec(header)?.[1];
  if (!https) throw new Error(`no https List-Unsubscribe in ${JSON.stringify(mail.headers)}`);
  return new URL(https);
}

async function page(method: 'GET' | 'POST', url: URL, init: RequestInit = {}) {
  const response = await h.app.request(`${url.pathname}${url.search}`, { method, ...init });
  return { status: response.status, headers: response.headers, html: await response.text() };
}

async function statusOf(email: string): Promise<string | undefined> {
  const row = await h.database.kysely.selectFrom('newsletter_subscribers').select('status').where('email', '=', email).executeTakeFirst();
  return row?.status;
}

function expectUnsubscribeHeaders(mail: OutboxMail): void {
  expect(mail.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
  const header = mail.headers?.['List-Unsubscribe'] ?? '';
  expect(header).toMatch(/^<http:\/\/localhost:\d+\/newsletter\/unsubscribe\?token=[^>]+>, <mailto:no-reply@atelier\.local\?subject=unsubscribe%20[^>]+>$/);
  // The visible link, in both parts of the mail.
  const url = oneClickOf(mail).toString();
  expect(mail.text).toContain(url);
  expect(mail.html).toContain(url.replaceAll('&', '&amp;'));
}

describe(`newsletter (${DRIVER})`, () => {
  it('subscribe → confirmation mail → page → confirm → welcome → one-click unsubscribe → nothing more', async () => {
    const email = 'lan.nguyen@example.com';
    expect(await subscribe({ email: ' Lan.Nguyen@Example.com ', locale: 'vi' })).toEqual(ACCEPTED);
    const [confirmation, ...others] = await mailsTo(email);
    expect(others).toEqual([]);
    expect(confirmation).toMatchObject({ kind: 'newsletter-confirm', subject: 'Xác nhận đăng ký bản tin Atelier' });
    expect(confirmation!.text).toContain(`${CONFIRM_TTL_HOURS} giờ`);
    expectUnsubscribeHeaders(confirmation!);
    expect(await statusOf(email)).toBe('pending');
    const link = linkOf(confirmation!, '/newsletter/confirm');
    // Only the token's hash is stored.
    expect(await h.dump()).not.toContain(link.searchParams.get('token'));

    // A mail scanner's GET (twice) shows the button and confirms nothing.
    for (let i = 0; i < 2; i++) {
      const shown = await page('GET', link);
      expect(shown.status).toBe(200);
      expect(shown.headers.get('content-type')).toMatch(/^text\/html/);
      expect(shown.headers.get('cache-control')).toBe('no-store');
      expect(shown.html).toContain('<html lang="vi">');
      expect(shown.html).toContain(`<form method="post" action="${link.pathname}${link.search.replaceAll('&', '&amp;')}"`);
      expect(shown.html).toContain('Xác nhận');
      expect(shown.html).toContain(email);
      expect(shown.html).not.toMatch(/<script|<link /i);
    }
    expect(await statusOf(email)).toBe('pending');
    expect(await recipients()).not.toContain(email);

    // The button.
    const confirmed = await page('POST', link, { headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: '' });
    expect(confirmed.status).toBe(200);
    expect(confirmed.html).toContain('Bạn đã đăng ký thành công');
    expect(await statusOf(email)).toBe('confirmed');
    expect(await recipients()).toContain(email);
    const welcome = (await mailsTo(email))[0]!;
    expect(welcome).toMatchObject({ kind: 'newsletter-welcome', subject: 'Chào mừng bạn đến với bản tin Atelier' });
    expectUnsubscribeHeaders(welcome);
    // The link is single use.
    expect((await page('POST', link)).status).toBe(404);
    expect((await page('GET', link)).status).toBe(404);

    // The sender's view carries the same unsubscribe fields.
    const recipient = await (async () => {
      for await (const item of newsletter.service.recipients()) if (item.email === email) return item;
      return undefined;
    })();
    expect(recipient).toMatchObject({ language: 'vi', headers: welcome.headers });

    // A mail client's one-click POST (RFC 8058).
    const oneClick = oneClickOf(welcome);
    const before = (await h.outbox()).length;
    const gone = await page('POST', oneClick, { headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });
    expect(gone.status).toBe(200);
    expect(gone.html).toContain('Bạn đã hủy đăng ký');
    expect(await statusOf(email)).toBe('unsubscribed');
    expect(await recipients()).not.toContain(email);
    // Again, or the page afterwards: the same state, said again.
    expect((await page('POST', oneClick)).status).toBe(200);
    const after = await page('GET', oneClick);
    expect(after.status).toBe(200);
    expect(after.html).not.toContain('<form');
    await h.tasks.settle();
    expect((await h.outbox()).length).toBe(before);
  });

  it('a GET of the unsubscribe link shows the button only; the button unsubscribes; a tampered token names nobody', async () => {
    const email = 'minh.tran@example.com';
    await subscribe({ email, locale: 'en' });
    const mail = (await mailsTo(email))[0]!;
    expect(mail.subject).toBe('Confirm your Atelier newsletter subscription');
    await page('POST', linkOf(mail, '/newsletter/confirm'));
    const welcome = (await mailsTo(email))[0]!;
    const url = linkOf(welcome, '/newsletter/unsubscribe');
    expect(url.toString()).toBe(oneClickOf(welcome).toString());
    const shown = await page('GET', url);
    expect(shown.status).toBe(200);
    expect(shown.html).toContain('<html lang="en">');
    expect(shown.html).toContain('>Unsubscribe</button>');
    expect(await statusOf(email)).toBe('confirmed');
    const token = url.searchParams.get('token')!;
    const tampered = new URL(url);
    // The first character (its six bits all count; the last one's lowest may be padding, which
    // decodes to the same bytes).
    tampered.searchParams.set('token', `${token.startsWith('A') ? 'B' : 'A'}${token.slice(1)}`);
    for (const method of ['GET', 'POST'] as const) {
      const refused = await page(method, tampered);
      expect(refused.status).toBe(404);
      // Written in both languages: the link says nothing about whose it is.
      expect(refused.html).toContain('Liên kết hủy đăng ký này không hợp lệ');
      expect(refused.html).toContain('This unsubscribe link is not valid');
      expect(refused.html).toMatch(/<section lang="vi"[^]*<section lang="en"/);
    }
    expect(await statusOf(email)).toBe('confirmed');
    expect((await page('POST', url)).status).toBe(200);
    expect(await statusOf(email)).toBe('unsubscribed');
  });

  it('answers every sign-up the same, and mails only a new or pending address', async () => {
    const fresh = await subscribe({ email: 'moi@example.com', locale: 'vi' });
    const pending = await subscribe({ email: 'moi@example.com', locale: 'vi' });
    // Confirm one address, then sign it up again.
    await subscribe({ email: 'da-xac-nhan@example.com', locale: 'vi' });
    await page('POST', linkOf((await mailsTo('da-xac-nhan@example.com'))[0]!, '/newsletter/confirm'));
    const mailsBefore = (await mailsTo('da-xac-nhan@example.com')).length;
    const confirmed = await subscribe({ email: 'da-xac-nhan@example.com', locale: 'en' });
    const honeypot = await subscribe({ email: 'bot@example.com', locale: 'vi', website: 'https://spam.example.com' });
    for (const answer of [fresh, pending, confirmed, honeypot]) expect(answer).toEqual(ACCEPTED);
    expect((await mailsTo('moi@example.com')).map((mail) => mail.kind)).toEqual(['newsletter-confirm', 'newsletter-confirm']);
    expect((await mailsTo('da-xac-nhan@example.com')).length).toBe(mailsBefore);
    expect(await statusOf('da-xac-nhan@example.com')).toBe('confirmed');
    // The honeypot's catch: nothing stored, nothing sent.
    expect(await statusOf('bot@example.com')).toBeUndefined();
    expect(await mailsTo('bot@example.com')).toEqual([]);
  });

  it('only the latest confirmation link works, for 48 hours', async () => {
    const email = 'hoa.le@example.com';
    await subscribe({ email, locale: 'vi' });
    const first = linkOf((await mailsTo(email))[0]!, '/newsletter/confirm');
    await subscribe({ email, locale: 'vi' });
    const second = linkOf((await mailsTo(email))[0]!, '/newsletter/confirm');
    expect(second.toString()).not.toBe(first.toString());
    expect((await page('POST', first)).status).toBe(404);
    h.clock.advance(CONFIRM_TTL_HOURS * HOUR_MS + 1);
    expect((await page('GET', second)).status).toBe(404);
    expect((await page('POST', second)).status).toBe(404);
    expect(await statusOf(email)).toBe('pending');
  });

  it('a pending address never receives anything but its confirmation, at most N a day', async () => {
    const email = 'cho-xac-nhan@example.com';
    for (let i = 0; i < CONFIRM_MAILS_PER_EMAIL.limit + 2; i++) expect(await subscribe({ email, locale: 'vi' })).toEqual(ACCEPTED);
    const mails = await mailsTo(email);
    expect(mails.length).toBe(CONFIRM_MAILS_PER_EMAIL.limit);
    expect(new Set(mails.map((mail) => mail.kind))).toEqual(new Set(['newsletter-confirm']));
    expect(await recipients()).not.toContain(email);
    h.clock.advance(DAY_MS);
    await subscribe({ email, locale: 'vi' });
    expect((await mailsTo(email)).length).toBe(CONFIRM_MAILS_PER_EMAIL.limit + 1);
    // Unsubscribing through the confirmation's own link voids the confirmation.
    const latest = (await mailsTo(email))[0]!;
    expect((await page('POST', oneClickOf(latest))).status).toBe(200);
    expect((await page('POST', linkOf(latest, '/newsletter/confirm'))).status).toBe(404);
    expect(await statusOf(email)).toBe('unsubscribed');
    expect(await recipients()).not.toContain(email);
  });

  it('limits sign-ups per client address (429), and refuses an invalid address with a code, writing nothing', async () => {
    const address = '198.51.100.77';
    for (let i = 0; i < SIGNUPS_PER_ADDRESS.limit; i++) expect((await subscribe({ email: `nhieu-${i}@example.com`, locale: 'vi' }, address)).status).toBe(202);
    const refused = await subscribe({ email: 'mot-nua@example.com', locale: 'vi' }, address);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: 'tooManyRequests', detail: NEWSLETTER_MESSAGES.tooManyRequests });
    expect(await statusOf('mot-nua@example.com')).toBeUndefined();

    const invalid = await subscribe({ email: 'not an email', locale: 'vi' });
    expect(invalid).toEqual({ status: 422, body: { detail: NEWSLETTER_MESSAGES.invalidEmail, code: 'invalidEmail' } });
    const wrongLocale = await subscribe({ email: 'ok@example.com', locale: 'fr' });
    expect(wrongLocale.status).toBe(422);
    expect(await statusOf('ok@example.com')).toBeUndefined();
  });
});
