import { test as base, expect, type Page, type Response } from '@playwright/test';

/**
 * Resolves once the page can be used: at once for the app, and for a pre-rendered public page
 * (its #root names the page) when it is hydrated. A pre-rendered page is painted, and `load` has
 * fired, before its scripts even start (scripts/after-paint.ts), and a press before hydration
 * does nothing.
 */
async function waitForHydration(page: Page) {
  await page.waitForFunction(() => !document.getElementById('root')?.dataset.page || document.documentElement.hasAttribute('data-hydrated'));
}

/**
 * The test's page, whose goto and reload wait for hydration; and the console errors and page
 * errors seen during the test (hydration mismatches show up there).
 */
export const test = base.extend<{ consoleErrors: string[] }>({
  page: async ({ page }, use) => {
    const hydrated = async (navigation: Promise<Response | null>) => {
      const response = await navigation;
      if (response?.ok()) await waitForHydration(page);
      return response;
    };
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    page.goto = (url, options) => hydrated(goto(url, options));
    page.reload = (options) => hydrated(reload(options));
    await use(page);
  },
  consoleErrors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on('console', (msg) => {
      if (msg.type() === 'error') errors.push(msg.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await use(errors);
  },
});

export { expect };

/** Starts the page in English, as a returning reader who chose it would. */
export async function useEnglish(page: Page) {
  await page.addInitScript(() => localStorage.setItem('atelier.locale', 'en'));
}

/** Letters that only Vietnamese uses (precomposed vowels with marks, and đ). */
export const VIETNAMESE_LETTERS = /[àáảãạăằắẳẵặâầấẩẫậèéẻẽẹêềếểễệìíỉĩịòóỏõọôồốổỗộơờớởỡợùúủũụưừứửữựỳýỷỹỵđ]/i;
