// @vitest-environment happy-dom
import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { i18n } from '@lingui/core';
import { NewsletterForm } from './NewsletterForm.tsx';
import { renderWithProviders } from '../../../tests/fixtures/render.tsx';

beforeAll(() => {
  i18n.loadAndActivate({ locale: 'vi', messages: {} });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const renderForm = () => renderWithProviders(<NewsletterForm locale="en" />);

function signUp(email: string) {
  fireEvent.focus(screen.getByTestId('newsletter-email'));
  fireEvent.change(screen.getByTestId('newsletter-email'), { target: { value: email } });
  fireEvent.submit(screen.getByTestId('newsletter-submit').closest('form')!);
}

describe('the newsletter’s sign-up form', () => {
  test('sends the address with its language and the honeypot, and says a mail is on its way', async () => {
    const fetch = vi.fn<(url: string, init?: RequestInit) => Promise<Response>>(async () =>
      Response.json({ status: 'accepted', message: 'Thank you!' }, { status: 202 }),
    );
    vi.stubGlobal('fetch', fetch);
    renderForm();
    signUp('lan@example.com');
    expect(await screen.findByTestId('newsletter-sent')).toBeTruthy();
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/newsletter/subscribe');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ email: 'lan@example.com', website: '', locale: 'en' });
  });

  test('shows the server’s refusal by its code, and a lost connection as such', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ detail: 'Please enter a valid email', code: 'invalidEmail' }, { status: 422 })),
    );
    renderForm();
    signUp('lan@example');
    expect((await screen.findByRole('alert')).textContent).toBe('Vui lòng nhập một địa chỉ email hợp lệ.');
    expect(screen.queryByTestId('newsletter-sent')).toBeNull();

    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    signUp('lan@example.com');
    expect((await screen.findByText('Không kết nối được. Kiểm tra mạng rồi thử lại.')).getAttribute('role')).toBe('alert');
  });

  test('an answer that is not the contract’s is not taken for a sign-up', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ ok: true }, { status: 202 })),
    );
    renderForm();
    signUp('lan@example.com');
    expect((await screen.findByRole('alert')).textContent).toBe('Chưa đăng ký được. Vui lòng thử lại.');
  });
});
