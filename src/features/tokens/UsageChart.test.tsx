// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { i18n } from '@lingui/core';
import { USAGE_DAYS } from '../../contract/tokens.ts';
import type { UsageDay } from '../../contract/tokens.schema.ts';
import { messages as en } from '../../locales/en/app/tokens.po';
import { UsageChart } from './UsageChart.tsx';
import { renderWithProviders } from '../../../tests/fixtures/render.tsx';

afterEach(cleanup);

/** 30 days from 2026-03-01, oldest first: day i had i requests and, every fifth day, 2 errors. */
const days: UsageDay[] = Array.from({ length: USAGE_DAYS }, (_, index) => ({
  day: `2026-03-${String(index + 1).padStart(2, '0')}`,
  requests: index,
  errors: index % 5 === 0 && index > 0 ? 2 : 0,
}));

const draw = () => renderWithProviders(<UsageChart days={days} />);

describe('UsageChart', () => {
  it('draws one bar a day, each with its own title, requests and errors apart', () => {
    i18n.loadAndActivate({ locale: 'vi', messages: {} });
    draw();
    const bars = screen.getAllByTestId('usage-bar');
    expect(bars).toHaveLength(30);
    expect(bars.map((bar) => bar.dataset.day)).toEqual(days.map((day) => day.day));
    expect(bars[10]!.querySelector('title')!.textContent).toBe('11 thg 3: 10 yêu cầu, 2 lỗi');
    expect(bars[0]!.querySelector('title')!.textContent).toBe('1 thg 3: 0 yêu cầu, 0 lỗi');
    // The tallest day fills the height; its errors are a red bar of their own at its foot.
    const [, full, failed] = Array.from(bars[29]!.querySelectorAll('rect'));
    expect(Number(full!.getAttribute('height'))).toBeCloseTo(80);
    expect(Number(bars[10]!.querySelectorAll('rect')[2]!.getAttribute('height'))).toBeCloseTo((2 / 29) * 80);
    expect(Number(failed!.getAttribute('height'))).toBe(0);
  });

  it('is named by its summary and repeats the figures in a table for screen readers', () => {
    i18n.loadAndActivate({ locale: 'vi', messages: {} });
    draw();
    const chart = screen.getByRole('img');
    expect(chart.getAttribute('aria-labelledby')).toBeTruthy();
    expect(document.getElementById(chart.getAttribute('aria-labelledby')!)!.textContent).toBe('Yêu cầu mỗi ngày trong 30 ngày qua: tổng 435 yêu cầu, 10 lỗi.');
    const table = screen.getByTestId('usage-table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(30);
    expect(Array.from(rows[10]!.children).map((cell) => cell.textContent)).toEqual(['11 thg 3', '10', '2']);
  });

  it('reads in English with plural words', () => {
    i18n.loadAndActivate({ locale: 'en', messages: en });
    draw();
    const bars = screen.getAllByTestId('usage-bar');
    expect(bars[1]!.querySelector('title')!.textContent).toBe('Mar 2: 1 request, 0 errors');
    expect(bars[5]!.querySelector('title')!.textContent).toBe('Mar 6: 5 requests, 2 errors');
    expect(screen.getByText('Requests per day over the last 30 days: 435 requests and 10 errors in all.')).toBeTruthy();
  });

  it('says one request and one error in the singular, and a large peak with its thousands', () => {
    i18n.loadAndActivate({ locale: 'en', messages: en });
    const quiet: UsageDay[] = [
      { day: '2026-03-01', requests: 1, errors: 1 },
      { day: '2026-03-02', requests: 0, errors: 0 },
    ];
    const { unmount } = renderWithProviders(<UsageChart days={quiet} />);
    expect(screen.getByText('Peak: 1 request/day')).toBeTruthy();
    expect(screen.getByText('Requests per day over the last 2 days: 1 request and 1 error in all.')).toBeTruthy();
    unmount();
    renderWithProviders(<UsageChart days={[{ day: '2026-03-01', requests: 1234, errors: 0 }]} />);
    expect(screen.getByText('Peak: 1,234 requests/day')).toBeTruthy();
    expect(screen.getByText('Requests per day over the last 1 day: 1,234 requests and 0 errors in all.')).toBeTruthy();
  });
});
