// @vitest-environment happy-dom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { i18n } from '@lingui/core';
import { HTTP_MESSAGES } from '../../contract/http-errors.ts';
import { PUBLIC_API_MESSAGES } from '../../contract/public-api.ts';
import ApiDocsPage from './ApiDocsPage.tsx';
import { renderWithProviders } from '../../../tests/fixtures/render.tsx';

beforeAll(() => i18n.loadAndActivate({ locale: 'vi', messages: {} }));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const show = () => {
  vi.stubGlobal(
    'fetch',
    vi.fn(() => new Promise(() => {})),
  );
  renderWithProviders(<ApiDocsPage />);
};

describe('the /api-docs page', () => {
  it('has a table of contents whose every entry is a section of the page', () => {
    show();
    const toc = screen.getByRole('navigation', { name: 'Mục lục' });
    const targets = within(toc)
      .getAllByRole('link')
      .map((a) => a.getAttribute('href')!);
    expect(targets).toEqual([
      '#introduction',
      '#authentication',
      '#quick-start',
      '#rate-limits',
      '#idempotency',
      '#credit-cap',
      '#webhooks',
      '#errors',
      '#reference',
    ]);
    for (const target of targets) expect(document.getElementById(target.slice(1))?.tagName).toBe('SECTION');
  });

  it('gives the base URL on the page’s own origin, the documents to download and the way to tokens and pricing', () => {
    show();
    expect(screen.getByTestId('api-base-url').textContent).toBe(`${window.location.origin}/v1`);
    expect(screen.getByTestId('openapi-download').getAttribute('href')).toBe('/v1/openapi.json');
    expect(screen.getByTestId('openapi-download').hasAttribute('download')).toBe(true);
    expect(screen.getByTestId('llms-link').getAttribute('href')).toBe('/v1/llms.txt');
    expect(screen.getAllByRole('link', { name: 'Quản lý API' })[0]!.getAttribute('href')).toBe('/api-management');
    expect(screen.getByRole('link', { name: 'Xem bảng giá' }).getAttribute('href')).toBe('/pricing');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Tài liệu API');
    expect(screen.getByTestId('reference-loading')).toBeTruthy();
  });

  it('lists the six services a token can be allowed and the errors with their status', () => {
    show();
    const auth = document.getElementById('authentication')!;
    expect([...auth.querySelectorAll('li code')].map((c) => c.textContent)).toEqual([
      'virtual-tryon',
      'hairstyle-changer',
      'body-generator',
      'image-to-video',
      'image-editing',
      'upscaler',
    ]);
    const rows = [...screen.getByTestId('error-table').querySelectorAll('tbody tr')].map((tr) => [...tr.children].map((td) => td.textContent));
    expect(rows).toContainEqual(['429', 'rateLimited', PUBLIC_API_MESSAGES.rateLimited]);
    expect(rows).toContainEqual(['402', 'creditCapReached', PUBLIC_API_MESSAGES.creditCapReached]);
    expect(rows).toContainEqual(['422', 'invalidInput', HTTP_MESSAGES.invalidInput]);
    for (const [status, code] of [
      ['400', 'unstorableValue'],
      ['404', 'unknownPath'],
      ['500', 'internalError'],
    ] as const)
      expect(rows).toContainEqual([status, code, HTTP_MESSAGES[code]]);
    expect(rows.filter((row) => row[0] === '401').map((row) => row[1])).toEqual(['missingToken', 'malformedToken', 'invalidToken']);
  });

  it('explains the rate limit with the default token’s numbers and headers', () => {
    show();
    const section = document.getElementById('rate-limits')!;
    expect(section.textContent).toContain('từ 1 đến 1000 yêu cầu mỗi phút');
    expect(section.textContent).toContain('gửi liền 60 yêu cầu, rồi một yêu cầu mỗi 1 giây');
    expect(section.querySelector('pre')!.textContent).toBe(
      'HTTP/1.1 429 Too Many Requests\nRateLimit-Policy: "token";q=60;w=60\nRateLimit: "token";r=0;t=60\nRetry-After: 1\n\n{ "message": "Rate limit exceeded: retry after the time in Retry-After.", "code": "rateLimited" }',
    );
  });
});
