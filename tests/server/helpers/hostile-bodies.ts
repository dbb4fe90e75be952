/**
 * The bodies of the fuzz (tests/server/hostile-input.test.ts): a valid template per route that
 * reads one (the route table), and the arbitrary that mutates it, one leaf at a time, or sends
 * plain hostility instead.
 */
import { randomUUID } from 'node:crypto';
import * as fc from 'fast-check';
import { SHARE_TARGET_PATH } from '../../../src/contract/share-target.ts';
import { CONTENT_TYPES, hostileString, hostileValue, MALFORMED, Pairs, toJson, type Fixtures } from './hostile-values.ts';

// ── Bodies: a valid template per route, mutated ─────────────────────────────────────────

export type Template = (fixtures: Fixtures) => unknown;

/** A generation that needs no input asset. */
const bodyGenerator = () => ({
  feature: 'body-generator',
  inputs: {},
  params: {
    gender: 'female',
    height: 165,
    weight: 55,
    age: 30,
    skin_tone: 'light',
    body_type: 'mesomorph',
    aspect_ratio: '3:4',
    prompt: 'studio light',
    style_hints: ['a'],
  },
});

/**
 * A valid body for each route that reads one, keyed `METHOD path` as app.routes names it.
 * Routes that read no body are listed with null. A route of a body-carrying method missing here
 * fails the suite: add its template.
 */
export function bodyTemplates(fixtures: Fixtures): Record<string, Template[] | null> {
  const email = () => fixtures.emails[0] ?? 'someone@example.com';
  const imageEditing = () => ({ feature: 'image-editing', inputs: { images: [fixtures.realIds[0]] }, params: { prompt: 'brighter' } });
  // A request of every feature, its inputs (but the body's) the fuzzing person's own upload.
  const generations: Template[] = [
    bodyGenerator,
    imageEditing,
    () => ({
      feature: 'virtual-tryon',
      inputs: { model: fixtures.realIds[0], garments: [{ asset_id: fixtures.realIds[0], category: 'tops' }] },
      params: { prompt: 'x' },
    }),
    () => ({
      feature: 'hairstyle-changer',
      inputs: { image: fixtures.realIds[0], mask: null, reference: null },
      params: { style: 'pixie', color: '#aabbcc', prompt: 'x' },
    }),
    () => ({
      feature: 'image-to-video',
      inputs: { image: fixtures.realIds[0] },
      params: { model: 'kling-2.1', duration: 5, resolution: '1080p', cfg_scale: 0.5, prompt: 'x' },
    }),
    () => ({ feature: 'upscaler-image', inputs: { image: fixtures.realIds[0] }, params: { factor: 2, face_enhancement_strength: 0.5 } }),
    () => ({ feature: 'upscaler-video', inputs: { video: fixtures.realIds[0] }, params: { factor: 2, target_fps: 30 } }),
  ];
  return {
    'POST /auth/login': [() => ({ username: email(), password: 'not the password' })],
    // They read no body; they end sessions, so they are fuzzed last (see REVOKING).
    'POST /auth/logout': null,
    'POST /auth/logout-all': null,
    'POST /auth/register': [() => ({ name: 'Nguyễn Lan', email: `fuzz-${randomUUID()}@example.com`, password: 'correct horse battery', language: 'vi' })],
    'POST /auth/generate_otp': [() => ({ email: email() })],
    'POST /auth/verify_otp': [() => ({ email: email(), otp: 123_456 })],
    'POST /auth/forgot-password': [() => ({ email: email() })],
    'POST /auth/reset-password': [() => ({ email: email(), reset_token: 'x'.repeat(40), new_password: 'correct horse battery' })],
    'POST /auth/firebase/register': [
      () => ({ idToken: 'x'.repeat(200), userData: { uid: 'uid-1', email: email(), displayName: 'Lan', photoURL: null, emailVerified: true } }),
    ],
    'POST /auth/firebase/login': [
      () => ({ idToken: 'x'.repeat(200), userData: { uid: 'uid-1', email: email(), displayName: 'Lan', photoURL: null, emailVerified: true } }),
    ],
    'POST /auth/google/callback': [() => ({ code: 'code', redirect_uri: 'http://localhost/auth/google/callback' })],
    'PUT /api/me': [() => ({ name: 'Trần Minh', profile_picture: 'https://example.com/p.png', language: 'en' })],
    'DELETE /api/me': [() => ({ password: 'not the password' })],
    'POST /api/generations': generations,
    'PUT /api/generations/:id/share': [() => ({ shared: true })],
    'POST /api/generations/:id/cancel': null,
    'POST /api/generations/:id/regenerate': null,
    'DELETE /api/generations/:id': null,
    'DELETE /api/assets/:id': null,
    // Someone who submits nothing: the signed-in person's jobs must keep waiting (see beforeAll).
    'POST /api/dev-tools/credits': [() => ({ email: fixtures.emails[1], amount: 1 })],
    'POST /api/dev-tools/engine-delay': [() => ({ email: fixtures.emails[1], ms: 0 })],
    'POST /api/dev-tools/plan': [() => ({ email: fixtures.emails[1], plan: 'free' })],
    // Billing (src/contract/billing.schema.ts): the fuzzing person buys on the sandbox; its orders stay pending.
    'POST /api/billing/checkout': [
      () => ({ item: 'pack_50', method: 'sandbox', accept_terms: true, language: 'vi' }),
      () => ({ item: 'pro', period: 'annual', method: 'sandbox', accept_terms: true }),
    ],
    'PUT /api/billing/subscription': [() => ({ scheduled: { plan: 'basic', period: 'monthly' }, auto_renew: false }), () => ({ scheduled: null })],
    'POST /api/billing/payments/:id/refresh': null,
    // A notification in the sandbox's shape: no request of the fuzz carries a valid signature.
    'POST /api/billing/webhooks/:provider': [
      () => ({ event_id: 'evt-fuzz', order_code: 100_001, state: 'paid', amount_vnd: 129_000, transaction_id: 'T-FUZZ' }),
    ],
    // The sandbox page's buttons (a form post: no body read).
    'POST /billing/sandbox/:orderId/:action': null,
    // API tokens (src/contract/tokens.ts): every field of a creation and of an update.
    'POST /api/tokens': [
      () => ({
        name: 'Cửa hàng chính',
        permissions: ['virtual-tryon', 'upscaler'],
        rate_limit: 60,
        expires_in: '30',
        credit_cap: 500,
        webhook_url: 'https://hooks.example.com/atelier',
      }),
      () => ({ name: 'Tối thiểu', permissions: ['image-editing'] }),
    ],
    'PATCH /api/tokens/:id': [
      () => ({ name: 'Kho ảnh', active: false, permissions: ['image-to-video'], rate_limit: 1000, credit_cap: null, webhook_url: null }),
      () => ({ active: true }),
    ],
    'POST /api/tokens/:id/regenerate': null,
    'DELETE /api/tokens/:id': null,
    'POST /api/tokens/:id/deliveries/:deliveryId/resend': null,
    // The public API (src/contract/public-api.ts): a studio request plus where its webhook goes
    // (a receiver of the token's own choosing, none at all, or the token's by leaving it out).
    'POST /v1/generations': [
      ...generations,
      () => ({ ...bodyGenerator(), webhook_url: 'https://hooks.example.com/atelier' }),
      () => ({ ...imageEditing(), webhook_url: null }),
    ],
    'POST /v1/generations/:id/cancel': null,
    // The newsletter (src/contract/newsletter.ts): a sign-up, the honeypot left empty or filled.
    'POST /api/newsletter/subscribe': [
      () => ({ email: `fuzz-${randomUUID()}@example.com`, locale: 'vi' }),
      () => ({ email: email(), locale: 'en', website: '' }),
      () => ({ email: 'bot@example.com', locale: 'vi', website: 'x' }),
    ],
    // The mails' buttons and the one-click unsubscribe: the token is in the query, no body is read.
    'POST /newsletter/confirm': null,
    'POST /newsletter/unsubscribe': null,
    // Blog comments (src/contract/blog-comments.schema.ts) and their moderation.
    'POST /api/blog/posts/:postId/comments': [() => ({ body: 'Bài viết rất hay, cảm ơn tác giả!' })],
    'POST /api/admin/blog/comments/:id/approve': null,
    'POST /api/admin/blog/comments/:id/hide': null,
    'DELETE /api/admin/blog/comments/:id': null,
    'PUT /api/admin/blog/commenters/:userId/ban': [() => ({ reason: 'Quảng cáo' }), () => ({})],
    'DELETE /api/admin/blog/commenters/:userId/ban': null,
    // Multipart routes: the fuzz sends them hostile multipart and JSON alike.
    'POST /v1/media': null,
    'POST /api/media': null,
    // The profile picture (src/contract/profile-picture.schema.ts): an image's bytes, or an asset of the caller's library.
    'POST /api/profile-picture': null,
    'POST /api/profile-picture/from-asset': [() => ({ asset_id: fixtures.realIds[0] })],
    // The proposed hair mask (src/contract/hair-mask.ts): an image of the caller's library.
    'POST /api/hairstyle/hair-mask': [() => ({ image: fixtures.realIds[0] })],
    [`POST ${SHARE_TARGET_PATH}`]: null,
    // The contact form (src/contract/contact.ts): multipart too, with its proof of work.
    'POST /api/contact': null,
  };
}

/** Every leaf path of a JSON value (objects and arrays included, so whole subtrees get replaced). */
function paths(value: unknown, prefix: Array<string | number> = []): Array<Array<string | number>> {
  const out: Array<Array<string | number>> = [prefix];
  if (Array.isArray(value)) value.forEach((item, index) => out.push(...paths(item, [...prefix, index])));
  else if (value !== null && typeof value === 'object') for (const [key, item] of Object.entries(value)) out.push(...paths(item, [...prefix, key]));
  return out;
}

function replaceAt(value: unknown, path: ReadonlyArray<string | number>, replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path;
  if (Array.isArray(value)) return value.map((item, index) => (index === head ? replaceAt(item, rest, replacement) : item));
  const record = value as Record<string, unknown>;
  return Object.fromEntries(Object.entries(record).map(([key, item]) => [key, key === head ? replaceAt(item, rest, replacement) : item]));
}

export interface BodySpec {
  contentType: string | null;
  body: string | Uint8Array<ArrayBuffer> | null;
}

export function bodyArbitrary(templates: Template[] | null, fixtures: Fixtures): fc.Arbitrary<BodySpec> {
  const json = (contentType: fc.Arbitrary<string | null>, value: fc.Arbitrary<unknown>) =>
    fc.tuple(contentType, value).map(([type, item]): BodySpec => ({ contentType: type, body: toJson(item) }));
  const anyType = fc.constantFrom(...CONTENT_TYPES);
  const options: Array<fc.Arbitrary<BodySpec>> = [
    json(anyType, hostileValue),
    fc.tuple(anyType, fc.constantFrom(...MALFORMED)).map(([type, text]): BodySpec => ({ contentType: type, body: text })),
    fc.uint8Array({ maxLength: 64 }).map((bytes): BodySpec => ({ contentType: 'application/json', body: new Uint8Array(bytes) })),
    fc.constant<BodySpec>({ contentType: null, body: null }),
    // A multipart body with hostile fields and file name.
    fc.tuple(hostileString, hostileString).map(([field, name]): BodySpec => {
      const boundary = 'fuzzboundary';
      const safeName = name.replace(/["\r\n]/g, '_');
      const text = `--${boundary}\r\nContent-Disposition: form-data; name="purpose"\r\n\r\n${field}\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${safeName}"\r\nContent-Type: image/png\r\n\r\n\x89PNG\r\n--${boundary}--\r\n`;
      return { contentType: `multipart/form-data; boundary=${boundary}`, body: new Uint8Array(Buffer.from(text)) };
    }),
  ];
  if (templates) {
    const mutated = fc
      .tuple(fc.constantFrom(...templates), fc.nat(), hostileValue, fc.boolean(), fc.constantFrom('application/json', 'application/json; charset=utf-8'))
      .map(([template, pick, replacement, addKey, type]): BodySpec => {
        const base = template(fixtures);
        const all = paths(base);
        const at = all[pick % all.length] ?? [];
        let value = replaceAt(base, at, replacement);
        if (addKey && value !== null && typeof value === 'object' && !Array.isArray(value))
          value = new Pairs([...Object.entries(value), ['__proto__', { admin: true }]]);
        return { contentType: type, body: toJson(value) };
      });
    options.push(
      mutated,
      mutated,
      mutated,
      json(
        fc.constant('application/json'),
        fc.constant(null).map(() => (templates[0] as Template)(fixtures)),
      ),
    );
  }
  return fc.oneof(...options);
}
