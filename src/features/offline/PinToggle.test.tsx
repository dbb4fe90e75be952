// @vitest-environment happy-dom
import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { i18n } from '@lingui/core';
import type { Asset } from '../../contract/media.schema.ts';
import { makeAsset } from '../../../tests/fixtures/test-data.ts';
import { renderWithProviders } from '../../../tests/fixtures/render.tsx';

const pinned = new Set<string>();
const media = vi.hoisted(() => ({
  pinAsset: vi.fn<(asset: Asset) => Promise<{ failed: number }>>(),
  unpinAsset: vi.fn<(asset: Asset) => Promise<void>>(),
}));
vi.mock('../../lib/offline/media-cache.ts', () => ({
  mediaCacheSupported: () => true,
  pinState: async ({ id }: { id: string }) => ({ pinned: pinned.has(id), stored: pinned.has(id) }),
  pinAsset: media.pinAsset,
  unpinAsset: media.unpinAsset,
}));
vi.mock('../../lib/toast.ts', () => ({
  notify: { success: vi.fn<(title: string) => void>(), message: vi.fn<(title: string) => void>(), error: vi.fn<(title: string) => void>() },
}));

const { PinToggle } = await import('./PinToggle.tsx');
const { notify } = await import('../../lib/toast.ts');

const asset = makeAsset({ id: 'a1' });

beforeAll(() => {
  i18n.loadAndActivate({ locale: 'vi', messages: {} });
});
beforeEach(() => {
  pinned.clear();
  media.pinAsset.mockReset();
  media.unpinAsset.mockReset();
  vi.mocked(notify.error).mockClear();
});
afterEach(cleanup);

function renderToggle() {
  renderWithProviders(<PinToggle asset={asset} />);
  return screen.getByTestId('pin-toggle');
}

describe('PinToggle', () => {
  test('pins the asset and shows it pressed', async () => {
    media.pinAsset.mockImplementation(async () => {
      pinned.add('a1');
      return { failed: 0 };
    });
    const toggle = renderToggle();
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(toggle);
    await waitFor(() => expect(toggle.getAttribute('aria-pressed')).toBe('true'));
    expect(media.pinAsset).toHaveBeenCalledWith(asset);
  });

  test('undoes a pin whose files could not be stored, and says so', async () => {
    media.pinAsset.mockImplementation(async () => {
      pinned.add('a1');
      return { failed: 1 };
    });
    media.unpinAsset.mockImplementation(async () => void pinned.delete('a1'));
    const toggle = renderToggle();
    fireEvent.click(toggle);
    await waitFor(() => expect(notify.error).toHaveBeenCalled());
    expect(media.unpinAsset).toHaveBeenCalled();
    await waitFor(() => expect(toggle.getAttribute('aria-pressed')).toBe('false'));
  });

  test('unpins a pinned asset', async () => {
    pinned.add('a1');
    media.unpinAsset.mockImplementation(async () => void pinned.delete('a1'));
    const toggle = renderToggle();
    await waitFor(() => expect(toggle.getAttribute('aria-pressed')).toBe('true'));
    fireEvent.click(toggle);
    await waitFor(() => expect(toggle.getAttribute('aria-pressed')).toBe('false'));
    expect(media.pinAsset).not.toHaveBeenCalled();
  });
});
