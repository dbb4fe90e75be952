// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@lingui/core';
import type { Feature } from '../../contract/generations.ts';
import { NotificationPrompt } from './NotificationPrompt.tsx';
import { isLongJob, NOTIFY_PROMPT_KEY, shouldOfferNotifications, type NotificationApi } from './notification-permission.ts';

const watched = vi.hoisted(() => ({ listeners: new Set<(job: { id: string; feature: Feature }) => void>() }));
vi.mock('../../lib/offline/job-client.ts', () => ({
  onJobWatched(listener: (job: { id: string; feature: Feature }) => void) {
    watched.listeners.add(listener);
    return () => watched.listeners.delete(listener);
  },
}));

function startJob(feature: Feature = 'image-to-video') {
  act(() => {
    for (const listener of watched.listeners) listener({ id: 'g1', feature });
  });
}

function api(permission: NotificationPermission = 'default', answer: NotificationPermission = 'granted') {
  return { permission, requestPermission: vi.fn<() => Promise<NotificationPermission>>(async () => answer) } satisfies NotificationApi;
}

function show(notifications: NotificationApi | null) {
  render(
    <I18nProvider i18n={i18n}>
      <NotificationPrompt api={notifications} storage={localStorage} />
    </I18nProvider>,
  );
}

beforeEach(() => {
  i18n.loadAndActivate({ locale: 'vi', messages: {} });
  localStorage.clear();
});
afterEach(() => {
  cleanup();
  watched.listeners.clear();
});

describe('the notification offer', () => {
  it('appears only once a long job starts, never on load', () => {
    show(api());
    expect(screen.queryByTestId('notify-prompt')).toBeNull();
    startJob();
    expect(screen.getByRole('region', { name: 'Nhận thông báo khi ảnh/video xong?' })).toBeTruthy();
  });

  it('is a bar in the page, not a dialog: it takes no focus and floats over nothing', () => {
    render(
      <I18nProvider i18n={i18n}>
        <button type="button">Tạo mới</button>
        <NotificationPrompt api={api()} storage={localStorage} />
      </I18nProvider>,
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

describe('what counts as long', () => {
  it('is every tool whose shortest expected time exceeds 20 s', () => {
    expect(isLongJob('virtual-tryon')).toBe(true);
    expect(isLongJob('upscaler-video')).toBe(true);
  });

  it('offers only with the permission undecided and no earlier answer', () => {
    const storage = new Map<string, string>();
    const store = { getItem: (key: string) => storage.get(key) ?? null };
    expect(shouldOfferNotifications('body-generator', api(), store)).toBe(true);
    storage.set(NOTIFY_PROMPT_KEY, 'denied');
    expect(shouldOfferNotifications('body-generator', api(), store)).toBe(false);
    expect(shouldOfferNotifications('body-generator', api('granted'), { getItem: () => null })).toBe(false);
  });
});
