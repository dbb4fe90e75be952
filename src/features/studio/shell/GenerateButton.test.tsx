// @vitest-environment happy-dom
import { i18n } from '@lingui/core';
import { cleanup, screen } from '@testing-library/react';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { messages as en } from '../../../locales/en/studio/shell.po';
import { messages as appEn } from '../../../locales/en/app.po';
import { messages as planEn } from '../../../locales/en/app/engine-plan.po';
import { localEnginePlan } from '../../../contract/local-engine-plan.ts';
import { GenerateButton } from './GenerateButton.tsx';
import { renderWithProviders } from '../../../../tests/fixtures/render.tsx';

afterEach(cleanup);

function label(locale: 'vi' | 'en', cost: number, output: 'image' | 'video' = 'image'): string {
  i18n.loadAndActivate({ locale, messages: locale === 'en' ? en : {} });
  renderWithProviders(<GenerateButton cost={cost} balance={10} problem={null} output={output} onGenerate={() => undefined} />);
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
  renderWithProviders(<RouterProvider router={router} />);
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

describe('GenerateButton with the engine plan (docs/product-rules.md#engine-plan)', () => {
  const request = { feature: 'image-editing' as const, inputs: { images: ['a'] }, params: { prompt: 'Đổi nền thành màu trắng và làm sản phẩm sáng hơn' } };

  function renderPlan(locale: 'vi' | 'en', prompt: string, onGenerate: (accepted?: string[]) => void = () => undefined) {
    i18n.loadAndActivate({ locale, messages: locale === 'en' ? { ...en, ...appEn, ...planEn } : {} });
    renderWithProviders(
      <GenerateButton cost={1} balance={10} problem={null} plan={localEnginePlan({ ...request, params: { prompt } })} onGenerate={onGenerate} />,
    );
  }

  it('shows, before the charge, what the built-in engine will do and what it cannot, and the press agrees to it', async () => {
    const pressed: Array<string[] | undefined> = [];
    renderPlan('vi', 'Đổi nền thành màu trắng và làm sản phẩm sáng hơn', (accepted) => pressed.push(accepted));
    // The plan's words load with the first plan; the button waits for them.
    expect((screen.getByTestId('generate-button') as HTMLButtonElement).disabled).toBe(true);
    expect((await screen.findByTestId('plan-summary')).dataset.partial).toBe('true');
    expect(screen.getByTestId('plan-done').textContent).toBe('Độ sáng +20%, toàn ảnh');
    expect(screen.getByTestId('plan-not-done').textContent).toBe('Thay nền mới (một màu hay một cảnh khác): “Đổi nền thành màu trắng”');
    const button = screen.getByTestId('generate-button') as HTMLButtonElement;
    expect(button.textContent).toBe('Đồng ý, tạo ảnh · 1 tín dụng');
    expect(button.disabled).toBe(false);
    button.click();
    expect(pressed).toEqual([['replaceBackground']]);
    cleanup();
    renderPlan('en', 'Đổi nền thành màu trắng và làm sản phẩm sáng hơn');
    expect((await screen.findByTestId('plan-summary')).textContent).toBe(
      'The built-in engine can do only part of thisWill do:Brightness +20%, whole imageCannot do:A new background (a colour or a scene) instead of the old one: “Đổi nền thành màu trắng”Press “Agree” to make the part it can do, at the price shown; the part it cannot do is left out.',
    );
    expect(screen.getByTestId('generate-button').textContent).toBe('Agree and generate image · 1 credit');
  });

  it('refuses, with the reason, what it can do none of; a plan done in full is a plain Generate', async () => {
    renderPlan('vi', 'Đổi nền thành màu trắng');
    expect((screen.getByTestId('generate-button') as HTMLButtonElement).disabled).toBe(true);
    expect((await screen.findByTestId('generate-problem')).textContent).toBe(
      'Công cụ tích hợp sẵn không làm được yêu cầu này: Thay nền mới (một màu hay một cảnh khác): “Đổi nền thành màu trắng”. Không trừ tín dụng.',
    );
    cleanup();
    const pressed: Array<string[] | undefined> = [];
    renderPlan('vi', 'Tăng độ sáng, cắt 1:1', (accepted) => pressed.push(accepted));
    expect((await screen.findByTestId('plan-summary')).dataset.partial).toBe('false');
    expect(screen.getByTestId('generate-button').textContent).toBe('Tạo ảnh · 1 tín dụng');
    screen.getByTestId('generate-button').click();
    expect(pressed).toEqual([undefined]);
  });
});

describe('GenerateButton while the plan is worked out', () => {
  it('waits: a press before the plan is known would send no agreement, and the server would refuse it', () => {
    i18n.loadAndActivate({ locale: 'vi', messages: {} });
    const pressed: Array<string[] | undefined> = [];
    const { rerender } = renderWithProviders(
      <GenerateButton cost={1} balance={10} problem={null} planPending onGenerate={(accepted) => pressed.push(accepted)} />,
    );
    const button = screen.getByTestId('generate-button') as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(button.dataset.planPending).toBe('true');
    button.click();
    expect(pressed).toEqual([]);
    rerender(<GenerateButton cost={1} balance={10} problem={null} planPending={false} onGenerate={(accepted) => pressed.push(accepted)} />);
    expect(button.disabled).toBe(false);
    expect(button.dataset.planPending).toBeUndefined();
  });
});
