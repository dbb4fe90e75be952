import type { Page, Request } from '@playwright/test';
import { test, expect, useEnglish } from './fixtures.ts';
import { signIn } from './session.ts';

/**
 * Every in-app link a signed-in seller can press, followed as they would follow it: by a click
 * (the router's client-side navigation, or a full document load where the link is a plain one).
 * The crawl starts on the dashboard; the screens it visits are those its links (the sidebar's, the
 * account menu's, the dashboard's own) lead to inside the app's shell, and every link on those
 * screens is followed as well. None may end on the not-found page.
 */

// About 25 s on a quiet machine; three times that and more under the full suite on two cores.
test.describe.configure({ timeout: 180_000 });

interface Target {
  /** Where the link leads: a path with its query and hash. */
  href: string;
  /** The anchor's own href attribute, to find it again. */
  attribute: string;
  /** Its words: two links to one place with different words (the sidebar's Help, a studio's guide) are both pressed. */
  text: string;
  /** Where the link was found, for the failure message. */
  from: string;
  /** The account menu's entries exist only while the menu is open. */
  inAccountMenu: boolean;
}

const keyOf = (target: Target) => `${target.href} ${target.text}`;

/** Same-origin links a person can see and press on the current page (the account menu's too, when open). */
async function visibleLinks(page: Page, from: string, inAccountMenu: boolean): Promise<Target[]> {
  const scope = inAccountMenu ? page.getByTestId('account-menu') : page.locator('body');
  const found = await scope.locator('a[href]').evaluateAll((anchors) =>
    anchors
      .filter((anchor) => (anchor as HTMLElement).checkVisibility() && !anchor.hasAttribute('download') && anchor.getAttribute('aria-disabled') !== 'true')
      .map((anchor) => ({
        url: new URL((anchor as HTMLAnchorElement).href, location.href),
        attribute: anchor.getAttribute('href') ?? '',
        text: (anchor.textContent ?? '').replace(/\s+/g, ' ').trim(),
      }))
      .filter(({ url }) => url.origin === location.origin && !url.pathname.startsWith('/api/'))
      // A jump within the page (the skip link, a table of contents) is no navigation.
      .filter(({ url }) => !(url.hash && url.pathname === location.pathname && url.search === location.search))
      .map(({ url, attribute, text }) => ({ href: `${url.pathname}${url.search}${url.hash}`, attribute, text })),
  );
  const targets = new Map<string, Target>();
  for (const link of found) {
    const target = { ...link, from, inAccountMenu };
    targets.set(keyOf(target), target);
  }
  return [...targets.values()];
}

const here = (page: Page) => {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
};

/**
 * Marks the page's headings, so that a heading without the mark is one that the next screen
 * rendered: a client-side navigation keeps the old screen up while the new one loads.
 */
async function markScreen(page: Page) {
  await page.evaluate(() => document.querySelectorAll('h1').forEach((heading) => heading.setAttribute('data-crawl-seen', '')));
}

async function waitForNewScreen(page: Page) {
  await expect(page.locator('h1:not([data-crawl-seen])').first()).toBeVisible({ timeout: 15_000 });
}

/**
 * Resolves when the page has no request in flight but its event streams (held open while it is
 * shown): the screen's data has arrived, and with it the links it shows (a plan's checkout, the
 * contact link of the pricing screen).
 */
function trackRequests(page: Page): () => Promise<void> {
  const inFlight = new Set<Request>();
  page.on('request', (request) => {
    if (!request.headers()['accept']?.includes('text/event-stream')) inFlight.add(request);
  });
  page.on('requestfinished', (request) => inFlight.delete(request));
  page.on('requestfailed', (request) => inFlight.delete(request));
  return () => expect.poll(() => inFlight.size, { timeout: 15_000 }).toBe(0);
}

/**
 * Presses the link: the visible anchor with the target's href and words. A link the screen shows
 * once its data has arrived (a job in the history, a plan's checkout) may not be there yet on a
 * busy machine, so the search is repeated until it is found, and a link that never comes back
 * fails with its name rather than a click that waits for ever.
 */
async function press(page: Page, target: Target) {
  const scope = target.inAccountMenu ? page.getByTestId('account-menu') : page.locator('body');
  const mark = () =>
    scope.locator(`a[href="${target.attribute}"]`).evaluateAll((anchors, text) => {
      document.querySelectorAll('[data-crawl-next]').forEach((element) => element.removeAttribute('data-crawl-next'));
      const anchor = anchors.find(
        (candidate) => (candidate as HTMLElement).checkVisibility() && (candidate.textContent ?? '').replace(/\s+/g, ' ').trim() === text,
      );
      anchor?.setAttribute('data-crawl-next', '');
      return anchor !== undefined;
    }, target.text);
  await expect.poll(mark, { timeout: 15_000, message: `the link “${target.text}” to ${target.href} (from ${target.from}) is shown again` }).toBe(true);
  await page.locator('[data-crawl-next]').click();
}

/**
 * Back to `screen` after following a link: the browser's back button, or a load when that did not
 * lead there; then until its data has arrived, with the links it shows.
 */
async function returnTo(page: Page, screen: string, settled: () => Promise<void>) {
  await markScreen(page);
  await page.goBack();
  if (here(page) !== screen) await page.goto(screen);
  await waitForNewScreen(page);
  await settled();
}

test('every in-app link of the sidebar, the dashboard and the screens they open leads to a page, never the not-found', async ({ page, request }) => {
  await signIn(page, request, { seenTutorials: ['virtual-tryon'] });
  await page.setViewportSize({ width: 1280, height: 800 });
  const settled = trackRequests(page);
  await page.goto('/dashboard');
  await expect(page.getByTestId('studio-layout')).toBeVisible();
  await waitForNewScreen(page);

  const followed = new Set<string>();
  const failures: string[] = [];
  /** The app's screens the first level opened, with the links each shows. */
  const screens = new Map<string, Target[]>();

  /**
   * Presses each link of the current screen that was not pressed before, and comes back. On the
   * first level, notes the links of each app screen a link opens, for the second.
   */
  async function follow(screen: string, targets: readonly Target[], level: 1 | 2) {
    for (const target of targets) {
      if (followed.has(keyOf(target)) || target.href === screen) continue;
      followed.add(keyOf(target));
      if (target.inAccountMenu) await page.getByTestId('account-menu-button').click();
      await markScreen(page);
      await press(page, target);
      await waitForNewScreen(page);
      if (await page.getByTestId('not-found').isVisible()) {
        failures.push(`${target.href} (from ${target.from}) shows the not-found page`);
      } else if (level === 1 && (await page.getByTestId('studio-layout').isVisible())) {
        const opened = here(page);
        await settled();
        screens.set(opened, await visibleLinks(page, opened, false));
      }
      await returnTo(page, screen, settled);
    }
  }

  await settled();
  await page.getByTestId('account-menu-button').click();
  const accountMenu = await visibleLinks(page, '/dashboard (account menu)', true);
  await page.keyboard.press('Escape');
  await follow('/dashboard', [...(await visibleLinks(page, '/dashboard', false)), ...accountMenu], 1);
  for (const [screen, targets] of screens) {
    if (targets.every((target) => followed.has(keyOf(target)) || target.href === screen)) continue;
    await markScreen(page);
    await page.goto(screen);
    await waitForNewScreen(page);
    await settled();
    await follow(screen, targets, 2);
  }

  // The crawl reached the sidebar's entries, the account menu's, the dashboard's cards and the screens' own links.
  const reached = [...followed].map((key) => key.split(' ')[0]);
  expect(reached).toContain('/profile');
  expect(reached).toContain('/virtual-tryon');
  expect(reached).toContain('/contact');
  expect(failures).toEqual([]);
});

test('Smart Chat and Agent Hub say in the app’s shell that they are coming, and the dashboard’s cards say so too', async ({ page, request }) => {
  await useEnglish(page);
  await signIn(page, request);
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.goto('/dashboard');
  const sidebar = page.getByRole('complementary', { name: 'Sidebar' });

  // Only the two unbuilt tools' cards are marked, each with what is coming.
  const soon = page
    .getByTestId('quick-access')
    .getByRole('listitem')
    .filter({ has: page.getByTestId('tool-upcoming') });
  await expect(soon).toHaveCount(2);
  await expect(soon.nth(0)).toContainText('Smart Chat');
  await expect(soon.nth(0)).toContainText('Coming soon');
  await expect(soon.nth(1)).toContainText('Agent Hub');

  for (const [name, path] of [
    ['Smart Chat', '/chat'],
    ['Agent Hub', '/agent-hub'],
  ] as const) {
    await sidebar.getByRole('link', { name }).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    const upcoming = page.getByTestId('upcoming-page');
    await expect(upcoming.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(upcoming).toContainText('Coming soon');
    await expect(upcoming).toContainText(`${name} is not available yet`);
    // Inside the shell: the sidebar stays, with the entry current.
    await expect(sidebar.getByRole('link', { name })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByTestId('not-found')).toHaveCount(0);
    await expect(page).toHaveTitle(new RegExp(`^${name}`));
  }

  // A conversation's or an agent's address is the same page, typed in too, and no sideways scroll.
  const response = await page.goto('/chat/42');
  expect(response?.status()).toBe(200);
  await expect(page.getByTestId('upcoming-page')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await page.getByRole('link', { name: 'Back to the dashboard' }).click();
  await expect(page.getByTestId('dashboard-page')).toBeVisible();
});

test('in English, the sidebar’s Help leads to the English guide', async ({ page, request }) => {
  await useEnglish(page);
  await signIn(page, request);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/dashboard');
  await page.getByRole('complementary', { name: 'Sidebar' }).getByRole('link', { name: 'Help' }).click();
  await expect(page).toHaveURL(/\/en\/guidelines\/image-editing$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByTestId('not-found')).toHaveCount(0);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});
