// @vitest-environment happy-dom
import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { act, cleanup, screen } from '@testing-library/react';
import { i18n } from '@lingui/core';
import { onlineManager } from '@tanstack/react-query';
import { BACK_ONLINE_LINGER_MS, OfflineBanner } from './OfflineBanner.tsx';
import { createTestQueryClient } from '../../../tests/fixtures/query-client.ts';
import { renderWithProviders } from '../../../tests/fixtures/render.tsx';

beforeAll(() => {
  i18n.loadAndActivate({ locale: 'vi', messages: {} });
});
afterEach(() => {
  cleanup();
  onlineManager.setOnline(true);
  vi.useRealTimers();
});

function renderBanner(client = createTestQueryClient()) {
  renderWithProviders(<OfflineBanner />, { client });
  return client;
}

describe('OfflineBanner', () => {
  test('says nothing while online', () => {
    renderBanner();
    expect(screen.getByRole('status').textContent).toBe('');
  });

  test('says the data shown is the saved copy while offline, then "back online" until the refetch ends', async () => {
    vi.useFakeTimers();
    const client = renderBanner();
    act(() => onlineManager.setOnline(false));
    expect(screen.getByRole('status').textContent).toContain('Bạn đang ngoại tuyến — đang hiển thị dữ liệu đã lưu lần trước');
    // What pictures there are offline: the lists' thumbnails; full-size files opened online or kept.
    expect(screen.getByTestId('offline-kept-note').textContent).toContain('Ảnh thu nhỏ của các danh sách đã xem được lưu');

    // Back online while a query refetches: the bar stays (reworded) until it ends.
    const pending: { finish?: (value: number) => void } = {};
    act(() => {
      onlineManager.setOnline(true);
      void client.fetchQuery({ queryKey: ['assets'], queryFn: () => new Promise<number>((resolve) => (pending.finish = resolve)) });
    });
    expect(screen.getByTestId('offline-banner-back')).toBeTruthy();
    act(() => vi.advanceTimersByTime(BACK_ONLINE_LINGER_MS * 2));
    expect(screen.queryByTestId('offline-banner-back')).toBeTruthy();

    await act(async () => pending.finish?.(1));
    // TanStack notifies on its next tick; then the bar lingers for a moment.
    act(() => vi.advanceTimersByTime(10));
    expect(screen.queryByTestId('offline-banner-back')).toBeTruthy();
    act(() => vi.advanceTimersByTime(BACK_ONLINE_LINGER_MS));
    expect(screen.getByRole('status').textContent).toBe('');
  });
});
