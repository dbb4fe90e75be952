// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { onlineManager } from '@tanstack/react-query';
import { i18n } from '@lingui/core';
import { createStore } from 'jotai';
import type { CommunityItem, UsageStats } from '../../contract/dashboard.schema.ts';
import { authModalAtom } from '../auth/auth-modal-state.ts';
import { jsonResponse } from '../../../tests/fixtures/test-data.ts';
import { createTestQueryClient } from '../../../tests/fixtures/query-client.ts';
import { BodyModelsSection } from './BodyModelsSection.tsx';
import { CommunitySection } from './CommunitySection.tsx';
import { RecentGenerations } from './RecentGenerations.tsx';
import { StatsCards, StatsSection } from './StatsSection.tsx';
import { renderWithProviders } from '../../../tests/fixtures/render.tsx';

const stats: UsageStats = {
  generations_this_month: 1234,
  month_start: '2025-03-01T00:00:00.000Z',
  credits: 17,
  assets: 42,
  completed_total: 7,
  failed_total: 1,
  success_rate: 0.875,
  storage_used_bytes: 1_234_500_000,
  storage_limit_bytes: 5_000_000_000,
};

function communityItem(overrides: Partial<CommunityItem> = {}): CommunityItem {
  return {
    id: 'job-1',
    feature: 'body-generator',
    media_type: 'image',
    width: 800,
    height: 1200,
    url: '/api/media/a1/original?exp=9999999999&sig=ab',
    thumbnail_url: '/api/media/a1/thumbnail?exp=9999999999&sig=ab',
    poster_url: null,
    author: 'Lan',
    shared_at: '2025-03-01T10:00:00.000Z',
    ...overrides,
  };
}

function renderWith(children: ReactNode, store = createStore()) {
  const client = createTestQueryClient();
  renderWithProviders(children, { client, store });
  return { store, client };
}

beforeEach(() => {
  i18n.loadAndActivate({ locale: 'vi', messages: {} });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const valueOf = (stat: string) => within(document.querySelector(`[data-stat="${stat}"]`) as HTMLElement).getByTestId('stat-value').textContent;

describe('stats cards', () => {
  it('formats the figures in Vietnamese', () => {
    renderWith(<StatsCards stats={stats} />);
    expect(valueOf('generations')).toBe('1.234');
    expect(valueOf('credits')).toBe('17');
    expect(valueOf('assets')).toBe('42');
    expect(valueOf('success')).toBe('87,5%');
    expect(screen.getByText('tháng 3 năm 2025')).toBeTruthy();
    expect(screen.getByTestId('stat-storage').textContent).toBe('Đã dùng 1,2 GB trên 5 GB dung lượng');
  });

  it('formats the figures in English', () => {
    i18n.loadAndActivate({ locale: 'en', messages: {} });
    renderWith(<StatsCards stats={stats} />);
    expect(valueOf('generations')).toBe('1,234');
    expect(valueOf('success')).toBe('87.5%');
    expect(screen.getByText('March 2025')).toBeTruthy();
  });

  it('shows a dash for the success rate before any job has ended', () => {
    renderWith(<StatsCards stats={{ ...stats, completed_total: 0, failed_total: 0, success_rate: null }} />);
    expect(valueOf('success')).toBe('—');
    expect(screen.getByText('Chưa có lượt tạo nào kết thúc')).toBeTruthy();
  });

  it('loads with skeletons, then shows the answer of GET /api/me/stats', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () => jsonResponse(stats));
    vi.stubGlobal('fetch', fetchMock);
    renderWith(<StatsSection signedIn />);
    expect(screen.getByTestId('stats-loading').getAttribute('aria-busy')).toBe('true');
    await waitFor(() => expect(valueOf('credits')).toBe('17'));
    expect(String(fetchMock.mock.calls[0]?.[0])).toContain('/api/me/stats');
  });

  it('says the load failed and retries on request', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () => jsonResponse({ detail: 'Service unavailable' }, 503));
    vi.stubGlobal('fetch', fetchMock);
    renderWith(<StatsSection signedIn />);
    await screen.findByTestId('stats-error');
    fetchMock.mockImplementation(async () => jsonResponse(stats));
    fireEvent.click(screen.getByTestId('stats-retry'));
    await waitFor(() => expect(valueOf('assets')).toBe('42'));
    expect(screen.queryByTestId('stats-error')).toBeNull();
  });
});

describe('offline with nothing saved', () => {
  afterEach(() => onlineManager.setOnline(true));

  it('says the section loads once the network returns instead of a skeleton that never resolves', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () => jsonResponse(stats));
    vi.stubGlobal('fetch', fetchMock);
    onlineManager.setOnline(false);
    renderWith(
      <>
        <StatsSection signedIn />
        <CommunitySection />
      </>,
    );
    await waitFor(() => expect(screen.getAllByTestId('offline-empty').map((node) => node.dataset.section)).toEqual(['stats', 'community']));
    expect(fetchMock).not.toHaveBeenCalled();
    onlineManager.setOnline(true);
    await waitFor(() => expect(valueOf('credits')).toBe('17'));
    expect(screen.queryAllByTestId('offline-empty')).toHaveLength(0);
  });
});

describe('guests', () => {
  it('see a sign-in card in place of stats, body models and recent generations, and fetch none of them', () => {
    const fetchMock = vi.fn<typeof fetch>(async () => jsonResponse({}));
    vi.stubGlobal('fetch', fetchMock);
    renderWith(
      <>
        <StatsSection signedIn={false} />
        <BodyModelsSection signedIn={false} />
        <RecentGenerations signedIn={false} filter="all" onFilterChange={() => undefined} />
      </>,
    );
    const cards = screen.getAllByTestId('auth-required');
    expect(cards.map((card) => card.dataset.section)).toEqual(['stats', 'body-models', 'recent']);
    for (const card of cards) {
      expect(within(card).getByRole('heading').textContent).toBe('Yêu cầu đăng nhập');
      expect(within(card).getByText('Vui lòng đăng nhập để sử dụng tính năng này')).toBeTruthy();
    }
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.queryByTestId('recent-see-all')).toBeNull();
  });

  it('open the auth modal on the sign-in or the register view', () => {
    const { store } = renderWith(<StatsSection signedIn={false} />);
    fireEvent.click(screen.getByTestId('auth-required-register'));
    expect(store.get(authModalAtom)?.view).toBe('register');
    fireEvent.click(screen.getByTestId('auth-required-sign-in'));
    expect(store.get(authModalAtom)?.view).toBe('login');
  });
});

describe('community', () => {
  it('lists shared results with author and tool, for anyone', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () =>
      jsonResponse({
        items: [
          communityItem(),
          communityItem({ id: 'job-2', feature: 'image-to-video', media_type: 'video', poster_url: '/api/media/a2/poster?exp=1&sig=c', author: 'Minh' }),
        ],
      }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderWith(<CommunitySection />);
    const items = await screen.findAllByTestId('community-item');
    expect(items.map((item) => item.dataset.generationId)).toEqual(['job-1', 'job-2']);
    expect(items[0]!.textContent).toContain('Tạo người mẫu');
    expect(items[0]!.textContent).toContain('Lan');
    // A video: its poster, played on a tap.
    const video = items[1]!.querySelector('video')!;
    expect(video.getAttribute('poster')).toContain('/api/media/a2/poster');
    expect(video.getAttribute('preload')).toBe('none');
    expect(within(items[1]!).getByTestId('community-play').getAttribute('aria-pressed')).toBe('false');
    expect(String(fetchMock.mock.calls[0]?.[0])).toContain('/api/community?limit=12');
  });

  it('has an empty state', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async () => jsonResponse({ items: [] })),
    );
    renderWith(<CommunitySection />);
    expect(await screen.findByTestId('community-empty')).toBeTruthy();
  });
});
