import { test as base, expect, type Page } from '@playwright/test';

/** Console errors and page errors seen during a test; hydration mismatches show up here. */
export const test = base.extend<{ consoleErrors: string[] }>({
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
