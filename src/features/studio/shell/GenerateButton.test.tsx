// @vitest-environment happy-dom
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { messages as en } from '../../../locales/en/studio/shell.po';
import { GenerateButton } from './GenerateButton.tsx';

afterEach(cleanup);

function label(locale: 'vi' | 'en', cost: number, output: 'image' | 'video' = 'image'): string {
  i18n.loadAndActivate({ locale, messages: locale === 'en' ? en : {} });
  render(
    <I18nProvider i18n={i18n}>
      <GenerateButton cost={cost} balance={10} problem={null} output={output} onGenerate={() => undefined} />
    </I18nProvider>,
  );
  const text = screen.getByTestId('generate-button').textContent ?? '';
  cleanup();
  return text;
}

describe('GenerateButton', () => {
  it('says the price with the plural form of each language', () => {
    expect(label('en', 1)).toBe('Generate image · 1 credit');
    expect(label('en', 2)).toBe('Generate image · 2 credits');
    expect(label('en', 1, 'video')).toBe('Generate video · 1 credit');
    expect(label('en', 8, 'video')).toBe('Generate video · 8 credits');
    expect(label('vi', 1)).toBe('Tạo ảnh · 1 tín dụng');
    expect(label('vi', 6)).toBe('Tạo ảnh · 6 tín dụng');
  });
});

/** The panel's links are the router's: a one-route router around the button. */
async function renderPanel() {
  const rootRoute = createRootRoute({ component: () => <GenerateButton cost={4} balance={1} problem={null} onGenerate={() => undefined} /> });
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: ['/virtual-tryon'] }) });
  render(
    <I18nProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nProvider>,
  );
  await screen.findByTestId('credit-panel');
}

describe('the credit panel', async () => {
  it('names balance, cost and shortage, and links each pack to its checkout and the plans to /studio-pricing', async () => {
    i18n.loadAndActivate({ locale: 'vi', messages: {} });
    await renderPanel();
    expect(screen.getByTestId('credit-balance').textContent).toBe('1');
    expect(screen.getByTestId('credit-cost').textContent).toBe('4');
    expect(screen.getByTestId('credit-shortage').textContent).toBe('3');
    expect(screen.getByTestId('credit-pack-pack_50').getAttribute('href')).toBe('/checkout?item=pack_50');
    expect(screen.getByTestId('credit-pack-pack_150').getAttribute('href')).toBe('/checkout?item=pack_150');
    expect(screen.getByTestId('credit-pack-pack_500').textContent?.replace(/\s/g, ' ')).toBe('Mua 500 tín dụng · 990.000 ₫');
    expect(screen.getByTestId('credit-pricing-link').getAttribute('href')).toBe('/studio-pricing');
    expect((screen.getByTestId('generate-button') as HTMLButtonElement).disabled).toBe(true);
  });

  it('reads in English with plural credits', async () => {
    i18n.loadAndActivate({ locale: 'en', messages: en });
    await renderPanel();
    expect(screen.getByTestId('credit-pack-pack_50').textContent).toBe('Buy 50 credits · ₫129,000');
    expect(screen.getByTestId('credit-pricing-link').textContent).toBe('See the plans');
  });
});
