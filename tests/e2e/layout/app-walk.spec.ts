import { readFileSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import sharp from 'sharp';
import { E2E_LAYOUT_ADMIN_EMAIL } from '../../../playwright.config.ts';
import { garmentSvg, modelPhotoSvg, portraitSvg, sceneSvg } from '../../fixtures/engines/images.ts';
import { Api, BODY_PARAMS, RESULT_TIMEOUT_MS } from '../api.ts';
import { expect, test, useEnglish } from '../fixtures.ts';
import { createUser, PASSWORD, signIn, type TestUser } from '../session.ts';
import { applyFont, describeFaults, layoutFaults, type WalkFont } from './measure.ts';

/**
 * The signed-in app on a tablet and a laptop: every screen of the app's route tree (and the states
 * a seller reaches on it: a studio's later steps, the token drawer with its webhook deliveries, the
 * lists with items in them), at 1024×768, 820×1180 and 1280×800, in Vietnamese and English, in the
 * machine's default font and in one with a phone's metrics. No screen may scroll sideways or clip
 * its text (tests/e2e/layout/measure.ts says what counts).
 *
 * Each screen is loaded once per language and font; the three sizes are measured by resizing the
 * window, not by loading it again. One test per language and font, so two workers share them.
 */

const SIZES = [
  { width: 1024, height: 768 },
  { width: 820, height: 1180 },
  { width: 1280, height: 800 },
] as const;

const SHOTS = process.env.LAYOUT_WALK_SHOTS ? new RegExp(process.env.LAYOUT_WALK_SHOTS) : null;

const STUDIO_TUTORIALS = ['virtual-tryon', 'body-generator', 'hairstyle-changer', 'image-to-video', 'image-editing', 'upscaler'];

// ── The app's screens, from its route tree ──────────────────────────────────────────────

/**
 * Every screen under the app's shell (`/_app`), as an address pattern, read from the generated
 * route tree: pathless layouts (`_studio`) and route groups (`(billing)`) change no address, a
 * layout that only wraps others is no screen of its own.
 */
function appRoutePaths(): string[] {
  const tree = readFileSync(new URL('../../../src/routeTree.gen.ts', import.meta.url), 'utf8');
  const block = /export interface FileRoutesById \{([\s\S]*?)\n\}/.exec(tree)?.[1] ?? '';
  const ids = [...block.matchAll(/^\s*'([^']+)':/gm)].map((match) => match[1]!).filter((id) => id.startsWith('/_app/'));
  const leaves = ids.filter((id) => !ids.some((other) => other !== id && other.startsWith(`${id}/`)));
  const paths = leaves.map((id) => {
    const segments = id.split('/').filter((segment) => segment && !segment.startsWith('_') && !segment.startsWith('('));
    return `/${segments.join('/')}`;
  });
  return [...new Set(paths)].toSorted();
}

/** Screens of the route tree the walk does not load, each with the reason. */
const NOT_WALKED: Readonly<Record<string, string>> = {
  '/admin/dashboard': 'the same screen as /admin (AdminDashboard), which is walked',
  '/studio/pricing': 'the same screen as /studio-pricing (StudioPricingScreen), which is walked',
};

/** The route patterns the walk loads (`$` segments: the walk fills them in). */
const WALKED = [
  '/dashboard',
  '/profile',
  '/chat/$',
  '/agent-hub/$',
  '/share',
  '/body-generator',
  '/virtual-tryon',
  '/hairstyle-changer',
  '/image-to-video',
  '/image-editing',
  '/upscaler',
  '/studio-pricing',
  '/receipts/$paymentId',
  '/history',
  '/your-assets',
  '/api-management',
  '/admin',
] as const;

test('every screen of the app is walked or excluded with a reason', () => {
  const routes = appRoutePaths();
  expect(routes.length).toBeGreaterThan(10);
  const missing = routes.filter((path) => !(WALKED as readonly string[]).includes(path) && !(path in NOT_WALKED));
  expect(missing, `app screens the layout walk neither walks nor excludes: ${missing.join(', ')}`).toEqual([]);
  const stale = [...WALKED, ...Object.keys(NOT_WALKED)].filter((path) => !routes.includes(path));
  expect(stale, `walked or excluded paths that are no longer routes: ${stale.join(', ')}`).toEqual([]);
});

// ── Measuring ───────────────────────────────────────────────────────────────────────────

type Language = 'vi' | 'en';

class Walk {
  readonly faults: string[] = [];
  /** States measured, per size. */
  readonly counts = new Map<string, number>(SIZES.map((size) => [`${size.width}×${size.height}`, 0]));
  readonly states: string[] = [];

  private readonly page: Page;
  private readonly language: Language;
  private readonly font: WalkFont;

  constructor(page: Page, language: Language, font: WalkFont) {
    this.page = page;
    this.language = language;
    this.font = font;
  }

  /** Loads an address, sets the walk's font, and waits for what says the screen is there. */
  async load(path: string, ready: string) {
    await this.page.goto(path);
    await applyFont(this.page, this.font);
    await expect(this.page.getByTestId(ready).first()).toBeVisible({ timeout: 20_000 });
  }

  /** Measures the page as it is now at each size, then goes back to the first size. */
  async measure(state: string) {
    this.states.push(state);
    for (const size of SIZES) {
      await this.page.setViewportSize(size);
      await settle(this.page);
      const label = `${size.width}×${size.height}`;
      this.faults.push(...describeFaults(`${state} at ${label} (${this.language}, ${this.font} font)`, await layoutFaults(this.page)));
      this.counts.set(label, (this.counts.get(label) ?? 0) + 1);
      // LAYOUT_WALK_SHOTS=<pattern>: a picture of each state whose name matches, to look at a fix.
      if (SHOTS?.test(state)) await this.page.screenshot({ path: test.info().outputPath(`${state.replace(/[^a-z0-9]+/gi, '-')}-${size.width}.png`) });
    }
    await this.page.setViewportSize(SIZES[0]);
    await settle(this.page);
  }
}

/** Two frames: the resize's layout and any render it started (a media query's hook). */
async function settle(page: Page) {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

// ── What the walk needs on the account ──────────────────────────────────────────────────

async function png(svg: string) {
  return sharp(Buffer.from(svg)).png().toBuffer();
}

const file = async (name: string, svg: string) => ({ name, mimeType: 'image/png', buffer: await png(svg) });

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

interface Prepared {
  /** An upload of the account's, for the share chooser. */
  assetId: string;
  jobs: Array<{ api: Api; job: Awaited<ReturnType<Api['body']>>; status: string }>;
  tokenId: string;
}

/**
 * A Pro seller with things on every list: two uploads, a finished and a failed generation, and a
 * token whose webhook (this server's own address, which answers the POST with an error) has a
 * delivery for a generation made through the public API.
 */
async function prepare(request: APIRequestContext, user: TestUser, baseURL: string): Promise<Prepared> {
  const api = new Api(request, user);
  await api.setPlan('pro');
  await api.grant(40);
  const assetId = await api.upload('ao-so-mi-trang-dang-dai-bo-suu-tap-mua-he.png', 800, 1000);
  const body = await api.body();
  const edit = await api.failedEdit();
  const created = await request.post('/api/tokens', {
    headers: bearer(user.token),
    data: {
      name: 'Cửa hàng thời trang Minh Anh — đồng bộ kho',
      permissions: ['body-generator', 'virtual-tryon'],
      webhook_url: `${baseURL}/api/health?from=webhook-walk`,
    },
  });
  expect(created.status()).toBe(201);
  const { token, secret } = (await created.json()) as { token: { id: string }; secret: string };
  const v1 = await request.post('/v1/generations', {
    headers: { ...bearer(secret), 'Idempotency-Key': crypto.randomUUID() },
    data: { feature: 'body-generator', inputs: {}, params: BODY_PARAMS },
  });
  expect(v1.status()).toBe(202);
  return {
    assetId,
    jobs: [
      { api, job: body, status: 'completed' },
      { api, job: edit, status: 'failed' },
      // (and the one made through the public API: three on the history)
    ],
    tokenId: token.id,
  };
}

/** The admin the walk signs in as for /admin: made on first use, signed in after that. */
async function adminToken(request: APIRequestContext): Promise<string> {
  const login = await request.post('/auth/login', { data: { username: E2E_LAYOUT_ADMIN_EMAIL, password: PASSWORD } });
  if (login.ok()) return ((await login.json()) as { access_token: string }).access_token;
  // Two walks may both find it missing: one makes it, the other signs in once it can.
  const registered = await createUser(request, 'layout-admin', E2E_LAYOUT_ADMIN_EMAIL).catch(() => null);
  if (registered) return registered.token;
  let token = '';
  await expect
    .poll(async () => {
      const again = await request.post('/auth/login', { data: { username: E2E_LAYOUT_ADMIN_EMAIL, password: PASSWORD } });
      token = again.ok() ? ((await again.json()) as { access_token: string }).access_token : '';
      return token;
    })
    .not.toBe('');
  return token;
}

// ── The walk ────────────────────────────────────────────────────────────────────────────

// A walk loads about twenty screens and measures each at three sizes: about a minute on a busy machine.
test.describe.configure({ timeout: 240_000 });

for (const language of ['vi', 'en'] as const) {
  for (const font of ['default', 'phone'] as const) {
    test(`the signed-in app fits tablets and laptops: ${language}, ${font} font`, async ({ page, request, baseURL }) => {
      if (language === 'en') await useEnglish(page);
      const user = await signIn(page, request, { seenTutorials: STUDIO_TUTORIALS });
      const prepared = prepare(request, user, baseURL!);
      const walk = new Walk(page, language, font);
      await page.setViewportSize(SIZES[0]);

      // The dashboard, and the shell's account menu open on it.
      await walk.load('/dashboard', 'dashboard-page');
      await walk.measure('/dashboard');
      // Every entry of the sidebar leads to a screen the walk loads (or to a public page).
      const navPaths = await page
        .locator('nav a[href^="/"]')
        .evaluateAll((links) => [...new Set(links.map((link) => new URL((link as HTMLAnchorElement).href).pathname))]);
      const appPaths = appRoutePaths();
      const walkedPaths = WALKED.map((path) => path.replace(/\/\$[^/]*$/, ''));
      const unwalked = navPaths.filter(
        (path) => !walkedPaths.includes(path) && !(path in NOT_WALKED) && appPaths.some((route) => route.replace(/\/\$[^/]*$/, '') === path),
      );
      expect(unwalked, 'sidebar entries whose screen the walk does not load').toEqual([]);
      await page.getByTestId('account-menu-button').click();
      await expect(page.getByTestId('account-menu')).toBeVisible();
      await walk.measure('/dashboard, account menu open');

      await walk.load('/profile', 'profile-form');
      await walk.measure('/profile');
      await walk.load('/chat', 'upcoming-page');
      await walk.measure('/chat');
      await walk.load('/agent-hub', 'upcoming-page');
      await walk.measure('/agent-hub');
      const { assetId } = await prepared;
      await walk.load(`/share?assets=${assetId}`, 'share-chooser');
      await expect(page.getByTestId('share-chooser')).toHaveAttribute('data-state', 'ready');
      await walk.measure('/share, a shared photo');

      // The studios, at their later steps.
      await walk.load('/body-generator', 'body-params-form');
      await page.getByTestId('body-height').fill('165');
      await page.getByTestId('body-weight').fill('55');
      await walk.measure('/body-generator, form filled');

      await walk.load('/virtual-tryon', 'studio-page');
      await walk.measure('/virtual-tryon');
      await page.getByTestId('tryon-model-input').setInputFiles(await file('nguoi-mau-ao-dai-dang-dung.png', modelPhotoSvg()));
      await expect(page.getByTestId('tryon-model-chosen')).toHaveCount(1, { timeout: 15_000 });
      await page
        .getByTestId('tryon-garments-input')
        .setInputFiles([await file('ao-thun.png', garmentSvg('tops')), await file('quan-jean-ong-rong.png', garmentSvg('bottoms'))]);
      await expect(page.getByTestId('tryon-garments-chosen')).toHaveCount(2, { timeout: 15_000 });
      await walk.measure('/virtual-tryon, garment step');

      await walk.load('/hairstyle-changer', 'studio-page');
      await page.getByTestId('hair-photo-input').setInputFiles(await file('chan-dung.png', portraitSvg()));
      await expect(page.getByTestId('hair-photo-chosen')).toHaveCount(1, { timeout: 15_000 });
      await walk.measure('/hairstyle-changer, photo and style cards');

      await walk.load('/image-to-video', 'studio-page');
      await walk.measure('/image-to-video, step 1');
      await page.getByTestId('i2v-image-input').setInputFiles(await file('canh.png', sceneSvg(1280, 720)));
      await expect(page.getByTestId('i2v-image-chosen')).toHaveCount(1, { timeout: 15_000 });
      await page.getByTestId('studio-next').click();
      await expect(page.getByTestId('i2v-step')).toHaveAttribute('data-step', 'configure');
      await walk.measure('/image-to-video, step 2');
      await page.getByTestId('studio-next').click();
      await expect(page.getByTestId('i2v-step')).toHaveAttribute('data-step', 'generate');
      await expect(page.getByTestId('plan-summary')).toBeVisible();
      await walk.measure('/image-to-video, step 3 summary');

      await walk.load('/image-editing', 'studio-page');
      await page.getByTestId('edit-images-input').setInputFiles(await file('san-pham.png', sceneSvg(900, 900)));
      await expect(page.getByTestId('edit-images-chosen')).toHaveCount(1, { timeout: 15_000 });
      await walk.measure('/image-editing, image chosen');

      await walk.load('/upscaler', 'studio-page');
      await page.getByTestId('upscale-image-input').setInputFiles(await file('nho.png', sceneSvg(400, 300)));
      await expect(page.getByTestId('upscale-image-chosen')).toHaveCount(1, { timeout: 15_000 });
      await walk.measure('/upscaler, image chosen');

      // Billing: a pack bought on the sandbox, then the pricing screen with its payment, and the receipt.
      await walk.load('/checkout?item=pack_50&method=sandbox', 'checkout-page');
      await expect(page.getByTestId('summary-total')).toBeVisible();
      await walk.measure('/checkout');
      await page.getByTestId('checkout-terms').click();
      await page.getByTestId('checkout-submit').click();
      await page.waitForURL(/\/billing\/sandbox\//);
      await page.locator('button[data-action="pay"]').click();
      await page.waitForURL(/\/payment\/success\?order=/);
      await applyFont(page, font);
      await expect(page.getByTestId('payment-bought')).toBeVisible({ timeout: 30_000 });
      await walk.measure('/payment/success');
      await walk.load('/studio-pricing', 'studio-pricing');
      await expect(page.getByTestId('payment-receipt').first()).toBeVisible({ timeout: 15_000 });
      await walk.measure('/studio-pricing, with a payment');
      await page.getByTestId('payment-receipt').first().click();
      await expect(page.getByTestId('receipt')).toBeVisible();
      await walk.measure('/receipts/$paymentId');

      // The lists, once the prepared generations have ended.
      const { jobs, tokenId } = await prepared;
      for (const { api, job, status } of jobs) await api.waitFor(job, status);
      await walk.load('/history', 'history-page');
      await expect(page.getByTestId('history-item')).toHaveCount(3, { timeout: 15_000 });
      await walk.measure('/history, with items');
      await walk.load('/your-assets', 'library-page');
      await expect(page.getByTestId('library-count')).toBeVisible();
      await walk.measure('/your-assets, with items');

      // API management: the list, the token's drawer with its request log and webhook deliveries.
      await expect
        .poll(
          async () =>
            ((await (await request.get(`/api/tokens/${tokenId}`, { headers: bearer(user.token) })).json()) as { deliveries: unknown[] }).deliveries.length,
          {
            timeout: RESULT_TIMEOUT_MS,
          },
        )
        .toBeGreaterThan(0);
      await walk.load('/api-management', 'api-management');
      await walk.measure('/api-management');
      await walk.load(`/api-management?token=${tokenId}`, 'token-detail');
      await expect(page.getByTestId('token-deliveries')).toBeVisible();
      await walk.measure('/api-management, token drawer with webhook deliveries');

      // The admin screens, as an admin.
      const admin = await adminToken(request);
      await page.evaluate((token) => localStorage.setItem('access_token', token), admin);
      await page.addInitScript((token) => localStorage.setItem('access_token', token), admin);
      await walk.load('/admin', 'admin-dashboard');
      await walk.measure('/admin');

      const counts = [...walk.counts].map(([size, count]) => `${size}: ${count}`).join(', ');
      const note = `${language}, ${font} font: ${walk.states.length} screens and states measured at each size (${counts})`;
      test.info().annotations.push({ type: 'layout walk', description: note });
      console.log(`App layout walk — ${note}`);
      expect(walk.faults, `Layout faults:\n${walk.faults.join('\n')}`).toEqual([]);
    });
  }
}
