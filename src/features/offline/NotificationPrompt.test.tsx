// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { i18n } from '@lingui/core';
import { type QueryClient } from '@tanstack/react-query';
import type { EngineName } from '../../contract/expected-durations.ts';
import type { ExpectedDurations } from '../../contract/expected-durations.schema.ts';
import type { Feature } from '../../contract/tools.ts';
import type { Generation } from '../../contract/generations.schema.ts';
import { createTestQueryClient } from '../../../tests/fixtures/query-client.ts';
import { makeGeneration } from '../../../tests/fixtures/test-data.ts';
import { generationKeys } from '../generations/api.ts';
import { expectedDurationsKey } from '../generations/expected-duration.ts';
import { NotificationPrompt } from './NotificationPrompt.tsx';
import { isLongJob, mayOfferNotifications, NOTIFY_PROMPT_KEY, type NotificationApi } from './notification-permission.ts';
import { renderWithProviders } from '../../../tests/fixtures/render.tsx';

const watched = vi.hoisted(() => ({ listeners: new Set<(job: { id: string; feature: Feature }) => void>() }));
vi.mock('../../lib/offline/job-client.ts', () => ({
  onJobWatched(listener: (job: { id: string; feature: Feature }) => void) {
    watched.listeners.add(listener);
    return () => watched.listeners.delete(listener);
  },
}));

let client: QueryClient;

/** What the server answers for the tools' waits: every tool on `engine`, with its defaults. */
function engineRuns(engine: EngineName, feature: Feature, min: number, max: number) {
  const answer: ExpectedDurations = { items: [{ feature, engine, min_seconds: min, max_seconds: max, samples: 0 }] };
  client.setQueryData(expectedDurationsKey, answer);
}

function startJob(feature: Feature = 'image-to-video', job: Partial<Generation> = {}) {
  client.setQueryData(generationKeys.detail('g1'), makeGeneration({ id: 'g1', feature, status: 'processing', engine: 'fal', ...job }));
  act(() => {
    for (const listener of watched.listeners) listener({ id: 'g1', feature });
  });
}

function api(permission: NotificationPermission = 'default', answer: NotificationPermission = 'granted') {
  return { permission, requestPermission: vi.fn<() => Promise<NotificationPermission>>(async () => answer) } satisfies NotificationApi;
}

function show(notifications: NotificationApi | null) {
  renderWithProviders(<NotificationPrompt api={notifications} storage={localStorage} />, { client });
}

beforeEach(() => {
  i18n.loadAndActivate({ locale: 'vi', messages: {} });
  localStorage.clear();
  client = createTestQueryClient();
  engineRuns('fal', 'image-to-video', 120, 180);
});
afterEach(() => {
  cleanup();
  watched.listeners.clear();
  vi.useRealTimers();
});

describe('the notification offer', () => {
  it('appears only once a long job starts, never on load', () => {
    show(api());
    expect(screen.queryByTestId('notify-prompt')).toBeNull();
    startJob();
    expect(screen.getByRole('region', { name: 'Nhận thông báo khi ảnh/video xong?' })).toBeTruthy();
  });

  it('is a bar in the page, not a dialog: it takes no focus and floats over nothing', () => {
    renderWithProviders(
      <>
        <button type="button">Tạo mới</button>
        <NotificationPrompt api={api()} storage={localStorage} />
      </>,
      { client },
    );
    const createNew = screen.getByRole('button', { name: 'Tạo mới' });
    createNew.focus();
    startJob();
    const offer = screen.getByTestId('notify-prompt');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(offer.getAttribute('aria-modal')).toBeNull();
    expect(document.activeElement).toBe(createNew);
    // Its buttons are plain buttons in the tab order, answerable from the keyboard.
    for (const name of ['Để sau', 'Bật thông báo']) {
      const button = screen.getByRole('button', { name });
      expect(button.getAttribute('type')).toBe('button');
      expect(button.tabIndex).toBe(0);
    }
  });

  it('"Bật thông báo" opens the browser prompt and remembers the answer', async () => {
    const notifications = api('default', 'granted');
    show(notifications);
    startJob();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Bật thông báo' }));
    });
    expect(notifications.requestPermission).toHaveBeenCalledTimes(1);
    expect(screen.queryByTestId('notify-prompt')).toBeNull();
    expect(localStorage.getItem(NOTIFY_PROMPT_KEY)).toBe('granted');
  });

  it('"Để sau" is remembered: no nagging on the next job', () => {
    const notifications = api();
    show(notifications);
    startJob();
    fireEvent.click(screen.getByRole('button', { name: 'Để sau' }));
    expect(screen.queryByTestId('notify-prompt')).toBeNull();
    expect(localStorage.getItem(NOTIFY_PROMPT_KEY)).toBe('dismissed');
    startJob();
    expect(screen.queryByTestId('notify-prompt')).toBeNull();
    expect(notifications.requestPermission).not.toHaveBeenCalled();
  });

  it('stays away when the browser already decided, or has no notifications', () => {
    show(api('granted'));
    startJob();
    expect(screen.queryByTestId('notify-prompt')).toBeNull();
    cleanup();
    show(api('denied'));
    startJob();
    expect(screen.queryByTestId('notify-prompt')).toBeNull();
    cleanup();
    show(null);
    startJob();
    expect(screen.queryByTestId('notify-prompt')).toBeNull();
  });
});

describe('the offer and the wait it names', () => {
  it('names the wait the tool takes on the engine that runs it', () => {
    show(api());
    startJob('image-to-video');
    expect(screen.getByTestId('notify-prompt').textContent).toContain('Việc tạo thường mất khoảng 2–3 phút.');
  });

  it('is not offered at once for a job the engine ends in seconds', () => {
    vi.useFakeTimers();
    engineRuns('local', 'body-generator', 1, 5);
    show(api());
    startJob('body-generator', { engine: 'local' });
    expect(screen.queryByTestId('notify-prompt')).toBeNull();
    // It ended in time: nothing to offer.
    client.setQueryData(generationKeys.detail('g1'), makeGeneration({ id: 'g1', feature: 'body-generator', status: 'completed', engine: 'local' }));
    act(() => void vi.advanceTimersByTime(30_000));
    expect(screen.queryByTestId('notify-prompt')).toBeNull();
  });

  it('is offered for a short job still running after ten seconds, saying it takes longer than usual', () => {
    vi.useFakeTimers();
    engineRuns('local', 'body-generator', 1, 5);
    show(api());
    startJob('body-generator', { engine: 'local' });
    act(() => void vi.advanceTimersByTime(9_000));
    expect(screen.queryByTestId('notify-prompt')).toBeNull();
    act(() => void vi.advanceTimersByTime(2_000));
    expect(screen.getByTestId('notify-prompt').textContent).toContain('Việc tạo đang lâu hơn thường lệ (thường chỉ khoảng 1–5 giây).');
  });

  it('counts a try-on’s wait per garment', () => {
    engineRuns('fal', 'virtual-tryon', 30, 45);
    show(api());
    const garments = [1, 2].map((n) => ({ asset_id: `g${n}`, category: 'tops' }));
    startJob('virtual-tryon', { inputs: { model: 'm', garments } });
    expect(screen.getByTestId('notify-prompt').textContent).toContain('khoảng 60–90 giây');
  });
});

describe('what counts as long', () => {
  it('is a wait whose shortest expected time exceeds 20 s', () => {
    expect(isLongJob({ minSeconds: 30, maxSeconds: 45 })).toBe(true);
    expect(isLongJob({ minSeconds: 20, maxSeconds: 300 })).toBe(false);
    expect(isLongJob({ minSeconds: 1, maxSeconds: 5 })).toBe(false);
  });

  it('offers only with the permission undecided and no earlier answer', () => {
    const storage = new Map<string, string>();
    const store = { getItem: (key: string) => storage.get(key) ?? null };
    expect(mayOfferNotifications(api(), store)).toBe(true);
    storage.set(NOTIFY_PROMPT_KEY, 'denied');
    expect(mayOfferNotifications(api(), store)).toBe(false);
    expect(mayOfferNotifications(api('granted'), { getItem: () => null })).toBe(false);
  });
});
