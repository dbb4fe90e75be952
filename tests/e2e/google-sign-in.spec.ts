import type { Page, Response } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { serveGoogleShims } from './google-shims.ts';

/**
 * Google sign-in end to end: the Firebase web SDK's popup against the Firebase Auth emulator
 * (started by playwright.config.ts), then our server's /auth/firebase/* endpoints, offline.
 * google-shims.ts stands in for the scripts Google serves from the internet.
 */

interface IdentityAnswer {
  is_new_user: boolean;
  user: { id: string; name: string; email: string };
}

function uniqueEmail(prefix: string) {
  return `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@atelier.test`;
}

/** Our server's answers to the identity exchange, in order. */
function identityAnswers(page: Page): Array<Promise<{ status: number; path: string; body: unknown }>> {
  const answers: Array<Promise<{ status: number; path: string; body: unknown }>> = [];
  page.on('response', (response: Response) => {
    const path = new URL(response.url()).pathname;
    if (!path.startsWith('/auth/firebase/')) return;
    answers.push(
      response.json().then(
        (body: unknown) => ({ status: response.status(), path, body }),
        () => ({ status: response.status(), path, body: null }),
      ),
    );
  });
  return answers;
}

/** Opens the login modal from the studio and clicks "Continue with Google"; returns the popup. */
async function openGooglePopup(page: Page): Promise<Page> {
  await page.goto('/dashboard');
  await page.getByTestId('sign-in').first().click();
  const modal = page.getByTestId('auth-modal');
  await expect(modal).toHaveAttribute('data-view', 'login');
  // The SDK first loads its helper iframe (through the gapi shim), then opens the popup.
  const popup = page.waitForEvent('popup', { timeout: 20_000 });
  await modal.getByTestId('google-sign-in').click();
  const opened = await popup;
  // The emulator's sign-in page, opened by the SDK (not a page of ours, not Google's).
  await expect(opened).toHaveURL(
    new RegExp(`^http://127\\.0\\.0\\.1:${process.env.E2E_EMULATOR_PORT ?? 9099}/emulator/auth/handler\\?.*providerId=google\\.com`),
  );
  await expect(opened.locator('#title')).toHaveText('Sign-in with Google.com');
  return opened;
}

test('Google sign-in through the emulator popup creates the account and lands on /dashboard', async ({ page, context, request }) => {
  test.setTimeout(60_000);
  const refused = await serveGoogleShims(context);
  const answers = identityAnswers(page);
  const name = 'Phạm Thu Hà';
  const email = uniqueEmail('google');
  await page.setViewportSize({ width: 1280, height: 800 });

  // A new Google account, entered in the emulator's popup as a person would.
  let popup = await openGooglePopup(page);
  await popup.getByRole('button', { name: 'Add new account' }).click();
  await popup.getByRole('button', { name: 'Auto-generate user information' }).click();
  await expect(popup.locator('#email-input')).toHaveValue(/@example\.com$/);
  await popup.locator('#email-input').fill(email);
  await popup.locator('#display-name-input').fill(name);
  const closed = popup.waitForEvent('close');
  await popup.getByRole('button', { name: 'Sign in with Google.com' }).click();
  await closed;

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('auth-modal')).toBeHidden();
  const card = page.getByTestId('account-menu-button');
  await expect(card).toContainText(name);
  await expect(card).toContainText(email);

  // The server created the account from the verified identity.
  expect(answers.length).toBeGreaterThan(0);
  const firstExchange = await answers.at(-1)!;
  expect(firstExchange.status).toBe(200);
  const created = firstExchange.body as IdentityAnswer;
  expect(created.is_new_user).toBe(true);
  expect(created.user).toMatchObject({ name, email });

  const token = await page.evaluate(() => localStorage.getItem('access_token'));
  expect(token).toBeTruthy();
  const profile = await request.get('/auth/profile', { headers: { Authorization: `Bearer ${token}` } });
  expect(profile.status()).toBe(200);
  expect(await profile.json()).toMatchObject({ id: created.user.id, name, email });

  // Signed out, the same Google account (listed by the emulator now) signs in to that account again.
  await card.click();
  await page.getByTestId('account-logout').click();
  await expect(page).toHaveURL(/\/$/);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('access_token'))).toBeNull();
  const before = answers.length;
  popup = await openGooglePopup(page);
  const again = popup.getByRole('listitem').filter({ hasText: email });
  await expect(again).toContainText(name);
  const closedAgain = popup.waitForEvent('close');
  await again.click();
  await closedAgain;

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('account-menu-button')).toContainText(email);
  expect(answers.length).toBeGreaterThan(before);
  const secondExchange = await answers.at(-1)!;
  expect(secondExchange.status).toBe(200);
  const signedIn = secondExchange.body as IdentityAnswer;
  expect(signedIn.is_new_user).toBe(false);
  expect(signedIn.user.id).toBe(created.user.id);

  // Nothing else had to come from the internet.
  expect(refused).toEqual([]);
});
