// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { i18n } from '@lingui/core';
import { createTestQueryClient } from '../../../tests/fixtures/query-client.ts';
import { ApiManagementPage } from './ApiManagementPage.tsx';
import { fakeApi, type FetchCall as Call } from '../../../tests/fixtures/fake-fetch.ts';
import { jsonResponse } from '../../../tests/fixtures/test-data.ts';
import { renderInRouter, SECRET, shopToken, tokenDetail, tokenList } from './test-helpers.test-helper.tsx';

const detailPath = `/api/tokens/${shopToken.id}`;
const defaultHandler = (call: Call) => {
  const path = call.url.pathname;
  if (path === '/api/tokens') return jsonResponse(tokenList());
  if (path === detailPath && call.method === 'GET') return jsonResponse(tokenDetail);
  if (path === detailPath && call.method === 'PATCH') return jsonResponse({ ...shopToken, ...(call.body as object) });
  if (path === detailPath && call.method === 'DELETE') return new Response(null, { status: 204 });
  if (path === `${detailPath}/regenerate`) return jsonResponse({ token: shopToken, secret: SECRET });
  if (path === `${detailPath}/deliveries/msg_1/resend`) return jsonResponse(tokenDetail.deliveries[0], 202);
  return jsonResponse({ message: 'Token not found', code: 'notFound' }, 404);
};
const api = fakeApi(defaultHandler);

beforeEach(() => {
  i18n.loadAndActivate({ locale: 'vi', messages: {} });
});

const text = (element: Element) => element.textContent?.replace(/\s/g, ' ') ?? '';
const sent = (method: string, path = detailPath) => api.calls.filter((call) => call.method === method && call.url.pathname === path);

function openDetail(tokenId: string = shopToken.id) {
  const onTokenChange = vi.fn<(id: string | undefined) => void>();
  renderInRouter(() => <ApiManagementPage tokenId={tokenId} onTokenChange={onTokenChange} />, createTestQueryClient());
  return onTokenChange;
}

describe('the token detail', () => {
  it('shows the token, its cap use, 30 days of requests, the last requests by colour, and the webhooks', async () => {
    openDetail();
    const drawer = await screen.findByTestId('token-detail');
    await within(drawer).findByTestId('token-settings');
    expect(drawer.getAttribute('aria-label')).toBe('Token Đồng bộ cửa hàng');
    expect(text(within(drawer).getByTestId('token-credits'))).toBe('Đã dùng 12 / 100 tín dụng');
    expect(within(drawer).getAllByTestId('usage-bar')).toHaveLength(30);
    expect(
      within(drawer)
        .getAllByTestId('request-status')
        .map((chip) => [chip.textContent, chip.dataset.tone]),
    ).toEqual([
      ['202', 'success'],
      ['429', 'warning'],
      ['500', 'danger'],
    ]);
    expect(text(within(drawer).getByTestId('token-requests'))).toContain('POST /v1/generations');

    const secret = within(drawer).getByTestId('webhook-secret');
    expect(secret.textContent).not.toContain(tokenDetail.webhook_secret);
    expect(secret.textContent?.startsWith('whsec_•')).toBe(true);
    fireEvent.click(within(drawer).getByTestId('webhook-secret-toggle'));
    expect(secret.textContent).toBe(tokenDetail.webhook_secret);

    const delivery = within(drawer).getAllByRole('row', { name: /Tạo thất bại/ })[0]!;
    expect(within(delivery).getByTestId('delivery-status').dataset.status).toBe('failed');
    expect(text(delivery)).toContain('503');
    fireEvent.click(within(delivery).getByTestId('delivery-resend'));
    await waitFor(() => expect(sent('POST', `${detailPath}/deliveries/msg_1/resend`)).toHaveLength(1));
  });

  it('turns the token off, and saves only the settings that changed after the same checks as creation', async () => {
    openDetail();
    const toggle = (await screen.findByTestId('token-active')) as HTMLInputElement;
    expect(toggle.checked).toBe(true);
    fireEvent.click(toggle);
    await waitFor(() => expect(sent('PATCH')).toHaveLength(1));
    expect(sent('PATCH')[0]!.body).toEqual({ active: false });

    const save = screen.getByTestId('token-save') as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    fireEvent.change(screen.getByTestId('token-rateLimit'), { target: { value: '5000' } });
    fireEvent.click(save);
    expect((await screen.findByTestId('token-rateLimit-error')).textContent).toBe('Giới hạn tốc độ phải từ 1 đến 1000 yêu cầu mỗi phút.');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('token-rateLimit')));
    expect(sent('PATCH')).toHaveLength(1);

    fireEvent.change(screen.getByTestId('token-rateLimit'), { target: { value: '120' } });
    fireEvent.change(screen.getByTestId('token-webhookUrl'), { target: { value: '' } });
    fireEvent.click(save);
    await waitFor(() => expect(sent('PATCH')).toHaveLength(2));
    expect(sent('PATCH')[1]!.body).toEqual({ rate_limit: 120, webhook_url: null });
  });

  it('regenerates after a warning that the old token stops at once, and shows the new one once', async () => {
    openDetail();
    fireEvent.click(await screen.findByTestId('token-regenerate'));
    expect(text(await screen.findByTestId('regenerate-dialog'))).toContain('Token hiện tại sẽ ngừng hoạt động ngay lập tức.');
    expect(sent('POST', `${detailPath}/regenerate`)).toHaveLength(0);
    fireEvent.click(screen.getByTestId('regenerate-confirm'));
    expect(((await screen.findByTestId('secret-value')) as HTMLInputElement).value).toBe(SECRET);
    fireEvent.click(screen.getByTestId('secret-done'));
    fireEvent.click(await screen.findByTestId('secret-saved-confirm'));
    await waitFor(() => expect(screen.queryByTestId('secret-reveal')).toBeNull());
    expect(document.body.innerHTML).not.toContain(SECRET);
  });

  it('deletes after a confirmation and closes the detail', async () => {
    const onTokenChange = openDetail();
    fireEvent.click(await screen.findByTestId('token-delete'));
    fireEvent.click(await screen.findByTestId('delete-cancel'));
    expect(sent('DELETE')).toHaveLength(0);
    fireEvent.click(screen.getByTestId('token-delete'));
    fireEvent.click(await screen.findByTestId('delete-confirm'));
    await waitFor(() => expect(onTokenChange).toHaveBeenCalledWith(undefined));
    expect(sent('DELETE')).toHaveLength(1);
  });

  it('says a token it cannot find (deleted, or another account’s) is not there', async () => {
    openDetail('9f9f9f9f-0000-4000-8000-000000000000');
    expect(text(await screen.findByTestId('token-detail-missing'))).toContain('Không tìm thấy token');
  });
});
