import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';

/**
 * Coming back to a studio: a job still running is shown on its processing screen; one that ended
 * is offered by the "Last result" card above a fresh first step (a reload of the page restores
 * what it showed).
 */

const RESULT_TIMEOUT_MS = 60_000;

/** The job, shown (processing or result) or offered by the Last result card. */
export function jobOnReturn(page: Page, jobId: string) {
  return page.locator(
    [
      `[data-testid="processing-view"][data-job-id="${jobId}"]`,
      `[data-testid="result-view"][data-job-id="${jobId}"]`,
      `[data-testid="last-result"][data-job-id="${jobId}"]`,
    ].join(', '),
  );
}

/**
 * Waits for the job's result: followed to its end, or opened from the Last result card; `timeout`
 * for a job that takes longer than most (a 1080p video on a busy machine).
 */
export async function resultOf(page: Page, jobId: string, timeout = RESULT_TIMEOUT_MS) {
  const result = page.locator(`[data-testid="result-view"][data-job-id="${jobId}"]`);
  const card = page.locator(`[data-testid="last-result"][data-job-id="${jobId}"]`);
  await expect(result.or(card)).toBeVisible({ timeout });
  if (await card.isVisible()) await card.getByTestId('last-result-open').click();
  await expect(result).toBeVisible();
}
