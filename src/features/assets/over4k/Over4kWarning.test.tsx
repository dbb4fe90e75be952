// @vitest-environment happy-dom
import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { i18n } from '@lingui/core';
import { isOver4k, Over4kWarning } from './Over4kWarning.tsx';
import { renderWithProviders } from '../../../../tests/fixtures/render.tsx';

beforeAll(() => {
  i18n.loadAndActivate({ locale: 'vi', messages: {} });
});
afterEach(cleanup);

describe('Over4kWarning', () => {
  test('an asset marked over4k, or a size above 3840×2160 pixels, is over 4K', () => {
    expect(isOver4k({ asset: { warnings: ['over4k'], width: 100, height: 100 } })).toBe(true);
    expect(isOver4k({ asset: { warnings: [], width: 3840, height: 2160 } })).toBe(false);
    expect(isOver4k({ planned: { width: 3841, height: 2160 } })).toBe(true);
    // Portrait 4K has the same pixel count.
    expect(isOver4k({ planned: { width: 2160, height: 3840 } })).toBe(false);
    expect(isOver4k({})).toBe(false);
  });

  test('a planned output names its size; within 4K nothing is shown', () => {
    const { rerender } = renderWithProviders(<Over4kWarning planned={{ width: 6144, height: 4096 }} />);
    expect(screen.getByTestId('over4k-warning').textContent).toContain('Kết quả sẽ có kích thước 6144 × 4096 px');
    rerender(<Over4kWarning planned={{ width: 3072, height: 2048 }} />);
    expect(screen.queryByTestId('over4k-warning')).toBeNull();
    expect(screen.getByRole('status')).toBeTruthy();
  });
});
