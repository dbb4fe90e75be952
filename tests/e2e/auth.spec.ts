import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect, useEnglish } from './fixtures.ts';
import { E2E_ADMIN_EMAIL } from '../../playwright.config.ts';
import { clientAddress, signIn } from './session.ts';

const PASSWORD = 'mat-khau-an-toan-1';

function uniqueEmail(prefix: string) {
  return `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@atelier.test`;
}

interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  kind: string;
}

/** The newest mail sent to an address, read from the dev-tools outbox (the real mail path). */
async function latestMail(request: APIRequestContext, to: string, kind?: string): Promise<OutboxMail> {
  let found: OutboxMail | undefined;
  await expect
    .poll(async () => {
      const { mails } = (await (await request.get('/api/dev-tools/outbox')).json()) as { mails: OutboxMail[] };
      found = mails.find((m) => m.to.includes(to) && (!kind || m.kind.includes(kind)));
      return Boolean(found);
    })
    .toBe(true);
  return found!;
}

const otpIn = (mail: OutboxMail) => /\b(\d{6})\b/.exec(mail.text)![1]!;

// Each test's browser comes from an address of its own, as real people do: the server limits
// registrations per address (a handful per hour), and this file registers more than that.
test.beforeEach(async ({ page }) => {
  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': clientAddress() });
});

async function openLogin(page: Page) {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/dashboard');
  await page.getByTestId('sign-in').first().click();
  const modal = page.getByTestId('auth-modal');
  await expect(modal).toHaveAttribute('data-view', 'login');
  return modal;
}

/** Registers through the modal and verifies with the code from the mail. */
async function registerAndVerify(page: Page, request: APIRequestContext, name: string, email: string) {
  const modal = await openLogin(page);
  await modal.getByTestId('auth-link-register').click();
  await expect(modal).toHaveAttribute('data-view', 'register');
  await modal.locator('input[name="name"]').fill(name);
  await modal.locator('input[name="email"]').fill(email);
  await modal.locator('input[name="password"]').fill(PASSWORD);
  await modal.locator('input[name="confirmPassword"]').fill(PASSWORD);
  await modal.getByTestId('auth-submit').click();
  await expect(modal).toHaveAttribute('data-view', 'verify-otp');
  const code = otpIn(await latestMail(request, email));
  await modal.locator('input[name="code"]').fill(code);
  await modal.getByTestId('auth-submit').click();
  await expect(modal).toHaveAttribute('data-view', 'login');
  return modal;
}

async function login(modal: ReturnType<Page['getByTestId']>, email: string, password = PASSWORD) {
  await modal.locator('input[name="email"]').fill(email);
  await modal.locator('input[name="password"]').fill(password);
  await modal.getByTestId('auth-submit').click();
}

/** Logs in and waits until the session is stored (the modal closes). */
async function loginAndWait(modal: ReturnType<Page['getByTestId']>, email: string, password = PASSWORD) {
  await login(modal, email, password);
  await expect(modal).toBeHidden();
}

test('register → code from the mail → verify → login → dashboard with the account card', async ({ page, request }) => {
  const email = uniqueEmail('lan');
  const modal = await registerAndVerify(page, request, 'Nguyễn Thị Lan', email);
  await login(modal, email);
  await expect(modal).toBeHidden();
  await expect(page).toHaveURL(/\/dashboard$/);
  const card = page.getByTestId('account-menu-button');
  await expect(card).toContainText('Nguyễn Thị Lan');
  await expect(card).toContainText(email);
  await expect(card).toContainText('NT');
  // The session survives a reload.
  await page.reload();
  await expect(page.getByTestId('account-menu-button')).toContainText('Nguyễn Thị Lan');
});

for (const lang of ['vi', 'en'] as const) {
  test(`every validation message of the forms appears in ${lang}`, async ({ page }) => {
    if (lang === 'en') await useEnglish(page);
    const modal = await openLogin(page);
    const m = {
      email: { vi: 'Vui lòng nhập email hợp lệ', en: 'Please enter a valid email' },
      password: { vi: 'Vui lòng nhập mật khẩu', en: 'Password is required' },
      name: { vi: 'Tên phải có ít nhất 2 ký tự', en: 'Name must be at least 2 characters' },
      short: { vi: 'Mật khẩu phải có ít nhất 8 ký tự', en: 'Password must be at least 8 characters' },
      confirm: { vi: 'Vui lòng xác nhận mật khẩu', en: 'Please confirm your password' },
      match: { vi: 'Mật khẩu không khớp', en: "Passwords don't match" },
    };
    await modal.getByTestId('auth-submit').click();
    await expect(modal.getByTestId('field-error-email')).toHaveText(m.email[lang]);
    await expect(modal.getByTestId('field-error-password')).toHaveText(m.password[lang]);

    await modal.getByTestId('auth-link-register').click();
    await modal.locator('input[name="name"]').fill('A');
    await modal.locator('input[name="email"]').fill('not-an-email');
    await modal.locator('input[name="password"]').fill('short');
    await modal.getByTestId('auth-submit').click();
    await expect(modal.getByTestId('field-error-name')).toHaveText(m.name[lang]);
    await expect(modal.getByTestId('field-error-email')).toHaveText(m.email[lang]);
    await expect(modal.getByTestId('field-error-password')).toHaveText(m.short[lang]);
    await expect(modal.getByTestId('field-error-confirmPassword')).toHaveText(m.confirm[lang]);
    await modal.locator('input[name="password"]').fill('long-enough-1');
    await modal.locator('input[name="confirmPassword"]').fill('long-enough-2');
    await modal.getByTestId('auth-submit').click();
    await expect(modal.getByTestId('field-error-confirmPassword')).toHaveText(m.match[lang]);
  });
}

test('a wrong code is refused with the message of the contract', async ({ page, request }) => {
  await useEnglish(page);
  const email = uniqueEmail('wrong-otp');
  const modal = await openLogin(page);
  await modal.getByTestId('auth-link-register').click();
  await modal.locator('input[name="name"]').fill('Minh Anh');
  await modal.locator('input[name="email"]').fill(email);
  await modal.locator('input[name="password"]').fill(PASSWORD);
  await modal.locator('input[name="confirmPassword"]').fill(PASSWORD);
  await modal.getByTestId('auth-submit').click();
  await expect(modal).toHaveAttribute('data-view', 'verify-otp');
  const code = otpIn(await latestMail(request, email));
  const wrong = code === '111111' ? '222222' : '111111';
  const input = modal.locator('input[name="code"]');
  await input.fill(`${wrong}99`);
  await expect(input).toHaveValue(wrong); // limited to 6 characters
  await modal.getByTestId('auth-submit').click();
  await expect(modal.getByTestId('auth-error')).toContainText('Invalid OTP. Please try again.');
});

test('forgot password → mail → reset link → the new password works and the old one does not', async ({ page, request }) => {
  const email = uniqueEmail('quen');
  let modal = await registerAndVerify(page, request, 'Trần Hoa', email);
  await modal.getByTestId('auth-link-forgot-password').click();
  await expect(modal).toHaveAttribute('data-view', 'forgot-password');
  await modal.locator('input[name="email"]').fill(email);
  await modal.getByTestId('auth-submit').click();
  await expect(modal.getByTestId('forgot-password-sent')).toBeVisible();

  const mail = await latestMail(request, email, 'reset');
  const link = /https?:\/\/\S+\/auth\/reset-password\?\S+/.exec(mail.text)![0];
  await page.goto(link);
  const form = page.getByTestId('reset-password-form');
  const newPassword = 'mat-khau-moi-2026';
  await form.locator('input[name="password"], input[name="new_password"], input[name="newPassword"]').first().fill(newPassword);
  await form.locator('input[name="confirmPassword"]').fill(newPassword);
  await form.getByTestId('auth-submit').click();

  modal = page.getByTestId('auth-modal');
  await expect(modal).toHaveAttribute('data-view', 'login');
  await login(modal, email, PASSWORD);
  await expect(modal.getByTestId('auth-error')).toBeVisible();
  await login(modal, email, newPassword);
  await expect(modal).toBeHidden();
  await expect(page).toHaveURL(/\/dashboard$/);

  // The link was single use.
  await page.goto(link);
  await page.getByTestId('reset-password-form').locator('input[type="password"]').first().fill('mot-mat-khau-khac');
  await page.getByTestId('reset-password-form').locator('input[name="confirmPassword"]').fill('mot-mat-khau-khac');
  await page.getByTestId('reset-password-form').getByTestId('auth-submit').click();
  await expect(page.getByTestId('auth-error')).toBeVisible();
});

test('a protected page opens the login modal and returns there after login', async ({ page, request }) => {
  const email = uniqueEmail('profile');
  const modal = await registerAndVerify(page, request, 'Lê Vy', email);
  await modal.getByTestId('auth-modal-close').click();
  await page.goto('/profile');
  const again = page.getByTestId('auth-modal');
  await expect(again).toHaveAttribute('data-view', 'login');
  await login(again, email);
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByTestId('profile-page')).toBeVisible();
});

test('the profile names the plan by its Vietnamese name, never by its id', async ({ page, request }) => {
  await signIn(page, request);
  await page.goto('/profile');
  const summary = page.getByRole('region', { name: 'Tóm tắt tài khoản' });
  await expect(summary).toContainText('Gói Miễn phí');
  await expect(summary).not.toContainText(/free/i);
});

test('the profile page signs out everywhere after a confirmation: every session of the account ends on the server', async ({ page, request }) => {
  const user = await signIn(page, request);
  const otherDevice = await request.post('/auth/login', { data: { username: user.email, password: PASSWORD } });
  const otherToken = ((await otherDevice.json()) as { access_token: string }).access_token;
  const profileWith = async (token: string) => (await request.get('/auth/profile', { headers: { Authorization: `Bearer ${token}` } })).status();
  expect(await profileWith(otherToken)).toBe(200);

  await page.goto('/profile');
  await page.getByTestId('profile-logout-all').click();
  await page.getByTestId('profile-logout-all-confirm').click();
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeNull();
  expect(await profileWith(user.token)).toBe(401);
  expect(await profileWith(otherToken)).toBe(401);
});

test('admin guard: signed out goes home, a user is denied, an admin sees the statistics', async ({ page, request }) => {
  await useEnglish(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/$/);

  const email = uniqueEmail('user');
  let modal = await registerAndVerify(page, request, 'Plain User', email);
  await loginAndWait(modal, email);
  await expect(page).toHaveURL(/\/dashboard$/);

  // While the server is asked, the guard says so.
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route('**/auth/profile', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/admin');
  await expect(page.getByText('Verifying admin access...')).toBeVisible();
  release();
  await page.unrouteAll({ behavior: 'wait' });
  const denied = page.getByTestId('admin-access-denied');
  await expect(denied).toContainText('Access Denied');
  await expect(denied).toContainText(email);
  await expect(page.getByTestId('admin-go-back')).toBeVisible();

  // The admin account (ADMIN_EMAILS) sees the real numbers.
  await page.evaluate(() => localStorage.clear());
  await useEnglish(page);
  modal = await registerAndVerify(page, request, 'Admin Atelier', E2E_ADMIN_EMAIL);
  await loginAndWait(modal, E2E_ADMIN_EMAIL);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/admin');
  await expect(page.getByTestId('admin-user-stats')).toBeVisible();
  const total = Number((await page.getByTestId('admin-user-stats').textContent())?.match(/\d+/)?.[0]);
  expect(total).toBeGreaterThanOrEqual(2);
});
