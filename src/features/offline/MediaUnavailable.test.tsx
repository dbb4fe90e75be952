// @vitest-environment happy-dom
import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { i18n } from '@lingui/core';
import { onlineManager } from '@tanstack/react-query';
import { MediaUnavailable, useMediaFailure } from './MediaUnavailable.tsx';
import { renderWithProviders } from '../../../tests/fixtures/render.tsx';

beforeAll(() => {
  i18n.loadAndActivate({ locale: 'vi', messages: {} });
});
afterEach(() => {
  cleanup();
  onlineManager.setOnline(true);
});

/** A viewer as the review dialog draws one: the full-size picture, or the message over its thumbnail. */
function Viewer({ src, offlineOnly = false }: { src: string; offlineOnly?: boolean }) {
  const failure = useMediaFailure(src, { offlineOnly });
  return failure.failed ? (
    <MediaUnavailable kind="image" offline={failure.offline} thumbnail="/api/media/a/thumbnail" onRetry={failure.retry} overlay />
  ) : (
    <img src={src} alt="ao-so-mi.png" data-testid="full" onError={failure.onError} />
  );
}

function renderViewer(src = '/api/media/a/original', offlineOnly = false) {
  return renderWithProviders(<Viewer src={src} offlineOnly={offlineOnly} />);
}

describe('a full-size picture that does not load', () => {
  test('offline: says it is not kept and what to do, over the thumbnail; no broken image; loads again when the network returns', () => {
    act(() => onlineManager.setOnline(false));
    renderViewer();
    fireEvent.error(screen.getByTestId('full'));
    const note = screen.getByTestId('media-offline-unavailable');
    expect(note.textContent).toContain('Ảnh gốc chưa được lưu để xem ngoại tuyến');
    expect(note.textContent).toContain('Giữ ngoại tuyến');
    expect(note.querySelector('img')?.getAttribute('src')).toBe('/api/media/a/thumbnail');
    expect(screen.queryByTestId('full')).toBeNull();
    expect(screen.queryByTestId('media-unavailable-retry')).toBeNull();

    act(() => onlineManager.setOnline(true));
    expect(screen.queryByTestId('media-offline-unavailable')).toBeNull();
    expect(screen.getByTestId('full')).toBeTruthy();
  });

  test('online: says it could not load, with Retry, which makes the element again', () => {
    renderViewer();
    fireEvent.error(screen.getByTestId('full'));
    expect(screen.getByTestId('media-unavailable').textContent).toContain('Không tải được ảnh gốc');
    fireEvent.click(screen.getByTestId('media-unavailable-retry'));
    expect(screen.getByTestId('full')).toBeTruthy();
  });

  test('a thumbnail that is not kept either is left out, never drawn broken', () => {
    act(() => onlineManager.setOnline(false));
    renderViewer();
    fireEvent.error(screen.getByTestId('full'));
    fireEvent.error(screen.getByTestId('media-offline-unavailable').querySelector('img')!);
    expect(screen.getByTestId('media-offline-unavailable').querySelector('img')).toBeNull();
  });

  test('offline-only (a video): an online failure is left to the player', () => {
    renderViewer('/api/media/v/original', true);
    fireEvent.error(screen.getByTestId('full'));
    expect(screen.getByTestId('full')).toBeTruthy();
  });

  test('another file starts clean', () => {
    act(() => onlineManager.setOnline(false));
    const view = renderViewer('/api/media/a/original');
    fireEvent.error(screen.getByTestId('full'));
    view.rerender(<Viewer src="/api/media/b/original" />);
    expect(screen.getByTestId('full').getAttribute('src')).toBe('/api/media/b/original');
  });
});
