// @vitest-environment happy-dom
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { cleanup, render, screen } from '@testing-library/react';
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
