/**
 * The contact form (docs/product-rules.md#contact): GET /api/contact/challenge and POST
 * /api/contact — the stored row and files, the two mails in their languages, the file rules
 * (count, type by content, size), the proof of work (bad, replayed, expired), the honeypot, the
 * per-sender and per-address limits, and every field's validation.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Hono } from 'hono';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CONTACT_MESSAGES } from '../../src/contract/contact.ts';
import { ContactChallengeSchema, type ContactChallenge } from '../../src/contract/contact.schema.ts';
import { leadingZeroBits } from '../../src/contract/contact-checks.ts';
import { createBackgroundTasks, type BackgroundTasks } from '../../server/platform/background.ts';
import { POW_CHALLENGE_TTL_MS, solveChallenge } from '../../server/contact/pow.ts';
import type { AppEnv } from '../../server/http/types.ts';
import { listOutbox } from '../../server/mail/transport.ts';
import { createTestApp } from './helpers/app.ts';
import { createTestDatabase, DRIVER, type TestDatabase } from './helpers/database.ts';
import { silentLogger } from './helpers/logs.ts';
import * as v from 'valibot';

/** Leading zero bits of the tests' challenges: a few hundred hashes, so the tests stay fast. */
const TEST_DIFFICULTY = 8;
const MB = 1024 * 1024;

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(120, 1)]);
const JPG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), Buffer.alloc(120, 2)]);
const PDF = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
/** A Windows executable's first bytes (`MZ`), to be renamed. */
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0x90)]);

let test: TestDatabase;
let app: Hono<AppEnv>;
let tasks: BackgroundTasks;
let dataDir: string;
let clock = Date.now();
let addressCounter = 0;

beforeAll(async () => {
  test = await createTestDatabase({ migrated: true });
  tasks = createBackgroundTasks(silentLogger());
  dataDir = path.join(tmpdir(), `atelier-contact-${process.pid}-${Date.now()}`);
  app = createTestApp({
    database: test.database,
    tasks,
    trustProxy: true,
    now: () => clock,
    env: { DATA_DIR: dataDir, SUPPORT_EMAIL: 'support@example.com' },
    contact: { powDifficulty: TEST_DIFFICULTY },
  });
}, 120_000);

afterAll(async () => {
  await tasks.settle();
  await test.dispose();
  await rm(dataDir, { recursive: true, force: true });
});

let address: string;
beforeEach(() => {
  // Each test writes from its own address, so the per-address limit is only met where it is tested.
  addressCounter += 1;
  address = `198.51.100.${addressCounter}`;
});

async function challenge(): Promise<ContactChallenge> {
  const response = await app.request('/api/contact/challenge', { headers: { 'x-forwarded-for': address } });
  expect(response.status).toBe(200);
  expect(response.headers.get('cache-control')).toBe('no-store');
  return v.parse(ContactChallengeSchema, await response.json());
}

interface FormOptions {
  fields?: Record<string, string>;
  files?: Array<{ name: string; bytes: Buffer; type?: string }>;
  pow?: { challenge: string; nonce: string } | null;
}

const VALID = {
  first_name: 'Lan',
  last_name: 'Nguyễn',
  email: 'lan.nguyen@example.com',
  phone: '0912 345 678',
  topic: 'support',
  description: 'Ảnh thử đồ của tôi bị mờ sau khi tải lên, nhờ đội ngũ kiểm tra giúp.',
  language: 'en',
};

async function solved(): Promise<{ challenge: string; nonce: string }> {
  const issued = await challenge();
  return { challenge: issued.challenge, nonce: solveChallenge(issued.salt, issued.difficulty) };
}

async function send(options: FormOptions = {}): Promise<Response> {
  const form = new FormData();
  for (const [name, value] of Object.entries({ ...VALID, ...options.fields })) form.append(name, value);
  const pow = options.pow === undefined ? await solved() : options.pow;
  if (pow) {
    form.append('pow_challenge', pow.challenge);
    form.append('pow_nonce', pow.nonce);
  }
  for (const file of options.files ?? [])
    form.append('files', new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'application/octet-stream' }), file.name);
  return app.request('/api/contact', { method: 'POST', body: form, headers: { 'x-forwarded-for': address } });
}

const messages = () => test.database.kysely.selectFrom('contact_messages').selectAll().orderBy('created_at').execute();
const outbox = async () => {
  await tasks.settle();
  return listOutbox(path.join(dataDir, 'outbox'));
};
const storedFiles = async (id: string) => (await readdir(path.join(dataDir, 'media', 'contact', id)).catch(() => [] as string[])).toSorted();

describe(`the contact form (${DRIVER})`, () => {
  it('hands out signed challenges the client can solve', async () => {
    const issued = await challenge();
    expect(issued.difficulty).toBe(TEST_DIFFICULTY);
    expect(Date.parse(issued.expires_at) - clock).toBe(POW_CHALLENGE_TTL_MS);
    const nonce = solveChallenge(issued.salt, issued.difficulty);
    expect(leadingZeroBits(createHash('sha256').update(`${issued.salt}:${nonce}`).digest())).toBeGreaterThanOrEqual(TEST_DIFFICULTY);
    expect((await challenge()).salt).not.toBe(issued.salt);
  });

  it('stores a message with 4 files, and mails support (with the files) and the sender (in their language, without them)', async () => {
    const before = (await outbox()).length;
    const response = await send({
      fields: { email: 'four.files@example.com' },
      files: [
        { name: 'ảnh mờ.png', bytes: PNG },
        { name: 'photo.jpg', bytes: JPG },
        { name: 'hoá đơn.pdf', bytes: PDF },
        { name: 'second.png', bytes: PNG },
      ],
    });
    expect(response.status).toBe(201);
    const { reference } = (await response.json()) as { reference: string };
    expect(reference).toMatch(/^LH-[2-9A-HJKMNP-Z]{8}$/);

    const row = (await messages()).find((message) => message.reference === reference);
    expect(row).toMatchObject({
      first_name: 'Lan',
      last_name: 'Nguyễn',
      email: 'four.files@example.com',
      phone: '0912 345 678',
      topic: 'support',
      language: 'en',
    });
    expect(row?.files.map((file) => [file.name, file.type, file.bytes])).toEqual([
      ['ảnh mờ.png', 'image/png', PNG.length],
      ['photo.jpg', 'image/jpeg', JPG.length],
      ['hoá đơn.pdf', 'application/pdf', PDF.length],
      ['second.png', 'image/png', PNG.length],
    ]);
    expect(await storedFiles(row!.id)).toEqual(['1.png', '2.jpg', '3.pdf', '4.png']);
    expect(await readFile(path.join(dataDir, 'media', 'contact', row!.id, '3.pdf'))).toEqual(PDF);

    const mails = (await outbox()).slice(0, (await outbox()).length - before);
    const support = mails.find((mail) => mail.kind === 'contact');
    const confirmation = mails.find((mail) => mail.kind === 'contact-confirmation');
    expect(support).toMatchObject({ to: 'support@example.com' });
    expect(support?.subject).toContain(reference);
    expect(support?.subject).toContain('Hỗ trợ kỹ thuật');
    expect(support?.text).toContain('four.files@example.com');
    expect(support?.text).toContain(VALID.description);
    expect(support?.attachments).toEqual([
      { filename: 'ảnh mờ.png', contentType: 'image/png', bytes: PNG.length },
      { filename: 'photo.jpg', contentType: 'image/jpeg', bytes: JPG.length },
      { filename: 'hoá đơn.pdf', contentType: 'application/pdf', bytes: PDF.length },
      { filename: 'second.png', contentType: 'image/png', bytes: PNG.length },
    ]);
    expect(confirmation).toMatchObject({ to: 'four.files@example.com', subject: `Atelier received your request ${reference}` });
    expect(confirmation?.text).toContain('Technical support');
    expect(confirmation?.attachments).toBeUndefined();
    expect(confirmation?.text).not.toContain('photo.jpg');
  });

  it('confirms in Vietnamese to a sender who wrote from the Vietnamese page', async () => {
    const response = await send({ fields: { email: 'vi.sender@example.com', language: 'vi', topic: 'business' } });
    expect(response.status).toBe(201);
    const { reference } = (await response.json()) as { reference: string };
    const confirmation = (await outbox()).find((mail) => mail.kind === 'contact-confirmation' && mail.to === 'vi.sender@example.com');
    expect(confirmation?.subject).toBe(`Atelier đã nhận yêu cầu ${reference} của bạn`);
    expect(confirmation?.text).toContain('Hợp tác kinh doanh');
  });

  it('refuses a fifth file with a message that names the limit, and keeps nothing', async () => {
    const count = (await messages()).length;
    const response = await send({ files: [PNG, JPG, PDF, PNG, JPG].map((bytes, index) => ({ name: `f${index}.bin`, bytes })) });
    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject({ code: 'tooManyFiles', detail: 'You can attach at most 4 files.', field: 'files', limit: 4 });
    expect((await messages()).length).toBe(count);
  });

  it('refuses a renamed executable by its content, naming the file', async () => {
    const response = await send({ files: [{ name: 'invoice.pdf', bytes: EXE, type: 'application/pdf' }] });
    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject({
      code: 'invalidFileType',
      detail: '“invoice.pdf” is not a PNG, JPG or PDF file. Please attach PNG, JPG or PDF files only.',
      file: 'invoice.pdf',
    });
  });

  it('refuses a file over 10 MB, naming it', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(10 * MB)]);
    const response = await send({ files: [{ name: 'huge.png', bytes: big }] });
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ code: 'fileTooLarge', file: 'huge.png' });
  });

  it('refuses a declared body over 45 MB before reading it', async () => {
    const response = await app.request('/api/contact', {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(46 * MB), 'x-forwarded-for': address },
      body: '--x--',
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ code: 'formTooLarge' });
  });

  it('refuses a missing, forged, wrongly solved, replayed or expired proof of work', async () => {
    const missing = await send({ pow: null });
    expect(await missing.json()).toMatchObject({ code: 'challengeMissing' });

    const issued = await challenge();
    const nonce = solveChallenge(issued.salt, issued.difficulty);
    const forged = issued.challenge.replace(`.${TEST_DIFFICULTY}.`, '.1.');
    expect(await (await send({ pow: { challenge: forged, nonce } })).json()).toMatchObject({ code: 'challengeInvalid' });
    let wrong = 0;
    while (leadingZeroBits(createHash('sha256').update(`${issued.salt}:${wrong}`).digest()) >= TEST_DIFFICULTY) wrong += 1;
    const unsolved = await send({ pow: { challenge: issued.challenge, nonce: String(wrong) } });
    expect(unsolved.status).toBe(422);
    expect(await unsolved.json()).toMatchObject({ code: 'challengeInvalid', detail: CONTACT_MESSAGES.challengeInvalid });

    expect((await send({ fields: { email: 'replay@example.com' }, pow: { challenge: issued.challenge, nonce } })).status).toBe(201);
    const replayed = await send({ fields: { email: 'replay@example.com' }, pow: { challenge: issued.challenge, nonce } });
    expect(replayed.status).toBe(422);
    expect(await replayed.json()).toMatchObject({ code: 'challengeUsed' });

    const old = await solved();
    clock += POW_CHALLENGE_TTL_MS + 1;
    const expired = await send({ pow: old });
    expect(expired.status).toBe(422);
    expect(await expired.json()).toMatchObject({ code: 'challengeExpired' });
  });

  it('answers a filled honeypot like a success, and stores and sends nothing', async () => {
    const count = (await messages()).length;
    const mailCount = (await outbox()).length;
    const response = await send({ fields: { website: 'http://spam.example', email: 'bot@example.com' }, pow: null, files: [{ name: 'a.png', bytes: PNG }] });
    expect(response.status).toBe(201);
    expect((await response.json()) as object).toHaveProperty('reference');
    expect((await messages()).length).toBe(count);
    expect((await outbox()).length).toBe(mailCount);
  });

  it('takes 3 messages an hour from one email, and 10 from one address', async () => {
    for (let index = 0; index < 3; index++) expect((await send({ fields: { email: 'Busy@example.com' } })).status).toBe(201);
    const refused = await send({ fields: { email: 'busy@example.com' } });
    expect(refused.status).toBe(429);
    const body = (await refused.json()) as { code: string; detail: string; retry_after_seconds: number };
    expect(body.code).toBe('tooManyMessages');
    expect(body.detail).toBe('You have sent several messages in a short time. Please wait 60 minutes before sending another one.');
    expect(refused.headers.get('retry-after')).toBe('3600');

    addressCounter += 1;
    address = `198.51.100.${addressCounter}`;
    for (let index = 0; index < 10; index++) expect((await send({ fields: { email: `office${index}@example.com` } })).status).toBe(201);
    expect((await send({ fields: { email: 'office-extra@example.com' } })).status).toBe(429);
    clock += 60 * 60 * 1000;
    expect((await send({ fields: { email: 'office-extra@example.com' } })).status).toBe(201);
  });

  it.each([
    ['first_name', '   ', 'firstNameRequired'],
    ['last_name', '', 'lastNameRequired'],
    ['first_name', 'x'.repeat(51), 'nameTooLong'],
    ['email', 'not-an-email', 'invalidEmail'],
    ['email', 'a@b', 'invalidEmail'],
    ['phone', '12345', 'invalidPhone'],
    ['phone', '0112 345 678', 'invalidPhone'],
    ['phone', '+0 123 456 789', 'invalidPhone'],
    ['topic', 'sales', 'topicRequired'],
    ['topic', '', 'topicRequired'],
    ['description', 'Quá ngắn', 'descriptionLength'],
    ['description', 'x'.repeat(5_001), 'descriptionLength'],
    ['description', `Nội dung có ký tự NUL ${String.fromCharCode(0)} ở giữa câu`, 'invalidText'],
  ])('refuses %s = %j with %s, naming the field', async (field, value, code) => {
    const response = await send({ fields: { [field]: value } });
    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject({ code, field, detail: CONTACT_MESSAGES[code as keyof typeof CONTACT_MESSAGES] });
  });

  it.each([['0912345678'], ['+84 912 345 678'], ['028 3822 6868'], ['+1 (415) 555-2671'], ['']])('takes the phone %j', async (phone) => {
    expect((await send({ fields: { phone, email: `phone${phone.replace(/\D/g, '')}@example.com` } })).status).toBe(201);
  });

  it('refuses a body that is not multipart, or is malformed, with a 400', async () => {
    const json = await app.request('/api/contact', { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } });
    expect(json.status).toBe(400);
    expect(await json.json()).toMatchObject({ code: 'notMultipart' });
    const broken = await app.request('/api/contact', {
      method: 'POST',
      body: '--x\r\nContent-Disposition: form-data; name="first_name"\r\n\r\nLan',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
    });
    expect(broken.status).toBe(400);
  });
});
