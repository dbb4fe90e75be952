// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { i18n } from '@lingui/core';
import { messages as appEn } from '../../locales/en/app.po';
import { messages as en } from '../../locales/en/app/tokens.po';
import { createTestQueryClient } from '../../../tests/fixtures/query-client.ts';
import { ApiManagementPage } from './ApiManagementPage.tsx';
import { fakeApi, type FetchCall as Call } from '../../../tests/fixtures/fake-fetch.ts';
import { jsonResponse } from '../../../tests/fixtures/test-data.ts';
import { renderInRouter, SECRET, shopToken, tokenList } from './test-helpers.test-helper.tsx';

const created = () => jsonResponse({ token: { ...shopToken, id: 'new-token', name: 'Catalogue' }, secret: SECRET }, 201);
const defaultHandler = (call: Call) => {
  if (call.url.pathname === '/api/tokens' && call.method === 'GET') return jsonResponse(tokenList());
  if (call.url.pathname === '/api/tokens' && call.method === 'POST') return created();
  return jsonResponse({ message: 'not here' }, 404);
};
const writeText = vi.fn<(text: string) => Promise<void>>();
const api = fakeApi(defaultHandler);

beforeEach(() => {
  i18n.loadAndActivate({ locale: 'vi', messages: {} });
  writeText.mockReset();
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
});

const posts = () => api.calls.filter((call) => call.method === 'POST' && call.url.pathname === '/api/tokens');

async function openDialog() {
  renderInRouter(() => <ApiManagementPage tokenId={undefined} onTokenChange={() => undefined} />, createTestQueryClient());
  await screen.findAllByTestId('token-open');
  fireEvent.click(screen.getByTestId('token-create'));
  return screen.findByTestId('create-token-dialog');
}

const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });
const submit = () => fireEvent.click(screen.getByTestId('create-token-submit'));

describe('the create dialog’s checks', () => {
  it('shows the spec’s three messages in Vietnamese next to their fields, focus on the first, nothing sent', async () => {
    await openDialog();
    type('token-rateLimit', '0');
    submit();
    expect((await screen.findByTestId('token-name-error')).textContent).toBe('Vui lòng nhập tên token.');
    expect(screen.getByTestId('token-permissions-error').textContent).toBe('Vui lòng chọn ít nhất một quyền dịch vụ.');
    expect(screen.getByTestId('token-rateLimit-error').textContent).toBe('Giới hạn tốc độ phải từ 1 đến 1000 yêu cầu mỗi phút.');
    const name = screen.getByTestId('token-name');
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(name.getAttribute('aria-describedby')).toContain(screen.getByTestId('token-name-error').id);
    await waitFor(() => expect(document.activeElement).toBe(name));
    expect(posts()).toHaveLength(0);

    // Named: the message goes, and the focus moves to the next invalid field.
    type('token-name', 'Catalogue');
    expect(screen.queryByTestId('token-name-error')).toBeNull();
    submit();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('token-permission-virtual-tryon')));
    fireEvent.click(screen.getByTestId('token-permission-virtual-tryon'));
    submit();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('token-rateLimit')));
    expect(posts()).toHaveLength(0);
  });

  it('shows the same three messages in English', async () => {
    i18n.loadAndActivate({ locale: 'en', messages: { ...appEn, ...en } });
    await openDialog();
    type('token-rateLimit', '1001');
    submit();
    expect((await screen.findByTestId('token-name-error')).textContent).toBe('Please enter a token name.');
    expect(screen.getByTestId('token-permissions-error').textContent).toBe('Please select at least one service permission.');
    expect(screen.getByTestId('token-rateLimit-error').textContent).toBe('Rate limit must be between 1 and 1000 requests per minute.');
    expect(within(screen.getByTestId('create-token-dialog')).getByText('Image to Video')).toBeTruthy();
  });

  it('puts the server’s 422 code under its field, and any other refusal above the buttons', async () => {
    api.answer = (call) =>
      call.method === 'POST'
        ? jsonResponse({ message: 'Rate limit must be between 1 and 1000 requests per minute.', code: 'rateLimitRange' }, 422)
        : defaultHandler(call);
    await openDialog();
    type('token-name', 'Catalogue');
    fireEvent.click(screen.getByTestId('token-permission-upscaler'));
    submit();
    expect((await screen.findByTestId('token-rateLimit-error')).textContent).toBe('Giới hạn tốc độ phải từ 1 đến 1000 yêu cầu mỗi phút.');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('token-rateLimit')));
    expect(screen.queryByTestId('create-token-failure')).toBeNull();

    api.answer = (call) =>
      call.method === 'POST' ? jsonResponse({ message: 'Your plan does not include API access.', code: 'planRequired' }, 403) : defaultHandler(call);
    submit();
    const failure = await screen.findByTestId('create-token-failure');
    expect(failure.textContent).toContain('Không tạo được token');
    expect(failure.textContent).toContain('Hãy nâng cấp lên Pro trở lên để tạo token API.');
  });
});

describe('the new secret', () => {
  it('is sent with the form, shown once, and gone from the page once its saving is confirmed', async () => {
    await openDialog();
    type('token-name', '  Catalogue  ');
    fireEvent.click(screen.getByTestId('token-permission-image-editing'));
    fireEvent.click(screen.getByTestId('token-permission-virtual-tryon'));
    type('token-rateLimit', '120');
    fireEvent.change(screen.getByTestId('token-expiresIn'), { target: { value: 'never' } });
    type('token-creditCap', '500');
    submit();
    const secret = (await screen.findByTestId('secret-value')) as HTMLInputElement;
    expect(posts()[0]!.body).toEqual({
      name: 'Catalogue',
      permissions: ['virtual-tryon', 'image-editing'],
      rate_limit: 120,
      expires_in: 'never',
      credit_cap: 500,
      webhook_url: null,
    });
    expect(secret.value).toBe(SECRET);
    expect(screen.queryByTestId('create-token-dialog')).toBeNull();
    expect(screen.getByTestId('secret-reveal').textContent).toContain('token sẽ không bao giờ được hiển thị lại');

    // Escape asks first; going back keeps the secret.
    fireEvent.keyDown(document, { key: 'Escape' });
    fireEvent.click(await screen.findByTestId('secret-saved-cancel'));
    expect(screen.getByTestId('secret-value')).toBeTruthy();

    fireEvent.click(screen.getByTestId('secret-done'));
    fireEvent.click(await screen.findByTestId('secret-saved-confirm'));
    await waitFor(() => expect(screen.queryByTestId('secret-reveal')).toBeNull());
    expect(document.body.innerHTML).not.toContain(SECRET);
  });

  it('copies the secret, and says so in the reader’s language when the clipboard refuses', async () => {
    await openDialog();
    type('token-name', 'Catalogue');
    fireEvent.click(screen.getByTestId('token-permission-upscaler'));
    submit();
    await screen.findByTestId('secret-value');

    writeText.mockResolvedValueOnce(undefined);
    fireEvent.click(screen.getByTestId('secret-copy'));
    await waitFor(() => expect(screen.getByTestId('secret-copy-result').dataset.state).toBe('copied'));
    expect(writeText).toHaveBeenCalledWith(SECRET);
    expect(screen.getByTestId('secret-copy-result').textContent).toBe('Đã sao chép');

    writeText.mockRejectedValueOnce(new DOMException('Write permission denied.', 'NotAllowedError'));
    fireEvent.click(screen.getByTestId('secret-copy'));
    await waitFor(() => expect(screen.getByTestId('secret-copy-result').dataset.state).toBe('failed'));
    expect(screen.getByTestId('secret-copy-result').getAttribute('role')).toBe('alert');
    expect(screen.getByTestId('secret-copy-result').textContent).toBe('Không sao chép được vào bộ nhớ tạm. Hãy chọn đoạn mã và sao chép thủ công.');
  });

  it('says the clipboard failure in English too', async () => {
    i18n.loadAndActivate({ locale: 'en', messages: { ...appEn, ...en } });
    Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
    await openDialog();
    type('token-name', 'Catalogue');
    fireEvent.click(screen.getByTestId('token-permission-upscaler'));
    submit();
    await screen.findByTestId('secret-value');
    fireEvent.click(screen.getByTestId('secret-copy'));
    await waitFor(() =>
      expect(screen.getByTestId('secret-copy-result').textContent).toBe('Could not copy to the clipboard. Select the text and copy it by hand.'),
    );
  });
});
