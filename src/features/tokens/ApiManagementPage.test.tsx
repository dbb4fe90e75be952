// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { onlineManager } from '@tanstack/react-query';
import { i18n } from '@lingui/core';
import { messages as appEn } from '../../locales/en/app.po';
import { messages as en } from '../../locales/en/app/tokens.po';
import { createTestQueryClient } from '../../../tests/fixtures/query-client.ts';
import { ApiManagementPage } from './ApiManagementPage.tsx';
import { tokenKeys } from './queries.ts';
import { fakeApi, type FetchCall as Call } from '../../../tests/fixtures/fake-fetch.ts';
import { jsonResponse } from '../../../tests/fixtures/test-data.ts';
import { renderInRouter, tokenList } from './test-helpers.test-helper.tsx';

const defaultHandler = (call: Call) => (call.url.pathname === '/api/tokens' ? jsonResponse(tokenList()) : jsonResponse({ message: 'not here' }, 404));
const api = fakeApi(defaultHandler);

beforeEach(() => {
  i18n.loadAndActivate({ locale: 'vi', messages: {} });
});

afterEach(() => {
  onlineManager.setOnline(true);
});

const text = (element: Element) => element.textContent?.replace(/\s/g, ' ') ?? '';
const page = (client = createTestQueryClient()) => renderInRouter(() => <ApiManagementPage tokenId={undefined} onTokenChange={() => undefined} />, client);

describe('ApiManagementPage', () => {
  it('shows the four stats and the tokens, never a secret', async () => {
    page();
    const rows = await screen.findAllByTestId('token-open');
    expect(rows.map((row) => row.textContent)).toEqual(['Đồng bộ cửa hàng', 'Thử nghiệm']);
    expect(screen.getByTestId('stat-total').textContent).toBe('2');
    expect(screen.getByTestId('stat-active').textContent).toBe('1');
    expect(screen.getByTestId('stat-requests').textContent).toBe('40');
    expect(text(screen.getByTestId('stat-error-rate'))).toBe('2,5%');

    const [first, second] = within(screen.getByTestId('tokens')).getAllByRole('row').slice(1);
    expect(within(first!).getByTestId('token-prefix').textContent).toBe('atl_live_Ab3x…');
    expect(
      within(first!)
        .getAllByTestId('token-permission')
        .map((chip) => chip.textContent),
    ).toEqual(['Thử đồ ảo', 'Tạo người mẫu']);
    expect(text(first!)).toContain('60/phút');
    expect(within(first!).getByTestId('token-status').dataset.status).toBe('active');
    expect(text(first!)).toContain('Chưa dùng');
    expect(text(first!)).toContain('Không hết hạn');
    expect(within(second!).getByTestId('token-status').textContent).toBe('Đã hết hạn');
    expect(text(second!)).toContain('3 tháng 3, 2026');
    expect(screen.getByTestId('api-docs-link').getAttribute('href')).toBe('/api-docs');
    expect((screen.getByTestId('token-create') as HTMLButtonElement).disabled).toBe(false);
    expect(document.body.innerHTML).not.toContain('atl_live_Ab3xK');
  });

  it('reads in English: the error rate, never used, no expiry, and "—" without requests', async () => {
    i18n.loadAndActivate({ locale: 'en', messages: { ...appEn, ...en } });
    api.answer = (call) =>
      call.url.pathname === '/api/tokens'
        ? jsonResponse(tokenList({ stats: { total_tokens: 2, active_tokens: 1, requests_today: 0, errors_today: 0, error_rate: null } }))
        : defaultHandler(call);
    page();
    await screen.findAllByTestId('token-open');
    const [first] = within(screen.getByTestId('tokens')).getAllByRole('row').slice(1);
    expect(screen.getByTestId('stat-error-rate').textContent).toBe('—');
    expect(
      within(first!)
        .getAllByTestId('token-permission')
        .map((chip) => chip.textContent),
    ).toEqual(['Virtual Try-On', 'Body Generator']);
    expect(text(first!)).toContain('60/min');
    expect(within(first!).getByTestId('token-status').textContent).toBe('Active');
    expect(text(first!).match(/Never/g)).toHaveLength(2);
  });

  it('without API access in the plan: says so, links to the plans, creation off, tokens still listed', async () => {
    api.answer = (call) => (call.url.pathname === '/api/tokens' ? jsonResponse(tokenList({ api_allowed: false })) : defaultHandler(call));
    page();
    expect(text(await screen.findByTestId('api-plan-required'))).toContain('API dành cho gói Pro trở lên');
    expect(screen.getByTestId('api-upgrade').getAttribute('href')).toBe('/studio-pricing');
    expect((screen.getByTestId('token-create') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getAllByTestId('token-open')).toHaveLength(2);
  });

  it('invites to create the first token, with the API docs beside it', async () => {
    api.answer = (call) =>
      call.url.pathname === '/api/tokens'
        ? jsonResponse(tokenList({ tokens: [], stats: { total_tokens: 0, active_tokens: 0, requests_today: 0, errors_today: 0, error_rate: null } }))
        : defaultHandler(call);
    page();
    const empty = await screen.findByTestId('tokens-empty');
    expect(text(empty)).toContain('Bạn chưa có token API nào');
    expect(within(empty).getByTestId('api-docs-link').getAttribute('href')).toBe('/api-docs');
    fireEvent.click(within(empty).getByTestId('tokens-empty-create'));
    expect(await screen.findByTestId('create-token-dialog')).toBeTruthy();
  });

  it('says the tokens could not be loaded, and Retry loads them', async () => {
    api.answer = () => jsonResponse({ message: 'Máy chủ bận' }, 500);
    page();
    await waitFor(() => expect(screen.getByTestId('tokens').dataset.status).toBe('error'));
    expect(text(screen.getByTestId('tokens'))).toContain('Không tải được danh sách token');
    api.answer = defaultHandler;
    fireEvent.click(within(screen.getByTestId('tokens')).getByText('Thử lại'));
    expect(await screen.findAllByTestId('token-open')).toHaveLength(2);
  });

  it('offline: shows the list the client already holds, with every change off; without one, waits for the network', async () => {
    const client = createTestQueryClient();
    client.setQueryData(tokenKeys.list(), tokenList());
    onlineManager.setOnline(false);
    api.answer = () => {
      throw new TypeError('Failed to fetch');
    };
    const view = page(client);
    expect(await screen.findAllByTestId('token-open')).toHaveLength(2);
    expect(screen.getByTestId('api-offline')).toBeTruthy();
    expect((screen.getByTestId('token-create') as HTMLButtonElement).disabled).toBe(true);
    view.unmount();

    page();
    expect(await screen.findByTestId('tokens-offline')).toBeTruthy();
  });
});
