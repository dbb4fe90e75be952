// @vitest-environment happy-dom
import * as v from 'valibot';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { i18n } from '@lingui/core';
import { DEFAULT_EXPECTED_SECONDS, ENGINE_NAMES } from '../../../../contract/expected-durations.ts';
import { generationCost } from '../../../../contract/generations.ts';
import { GenerationRequestSchema } from '../../../../contract/generations.schema.ts';
import { TOOLS } from '../../services.ts';
import HomePage from './HomePage.tsx';
import { renderWithProviders } from '../../../../../tests/fixtures/render.tsx';

beforeAll(() => i18n.loadAndActivate({ locale: 'vi', messages: {} }));
afterEach(cleanup);

const card = (name: string) => screen.getAllByRole('article').find((article) => within(article).queryByRole('heading', { name }))!;
const charged = (input: unknown) => generationCost(v.parse(GenerationRequestSchema, input));
const garments = (n: number) => Array.from({ length: n }, (_, i) => ({ asset_id: `g${i}`, category: 'tops' }));

describe('the home page’s prices and waits', () => {
  it('prices the try-on per garment, as the server charges it', () => {
    renderWithProviders(<HomePage />);
    const perGarment = charged({ feature: 'virtual-tryon', inputs: { model: 'm', garments: garments(2) } }) / 2;
    expect(card('Thử đồ ảo').textContent).toContain(`${perGarment} tín dụng cho mỗi món đồ`);
    expect(card('Chỉnh sửa ảnh').textContent).toContain('1 tín dụng cho mỗi ảnh');
    expect(card('Ảnh thành video').textContent).toContain(
      `Từ ${charged({ feature: 'image-to-video', inputs: { image: 'a' }, params: { duration: 5, resolution: '480p' } })} tín dụng mỗi clip`,
    );
    expect(document.body.textContent).not.toContain('mỗi lần tạo ');
    expect(screen.getAllByRole('article').every((article) => !article.textContent?.includes('Trả bằng tín dụng'))).toBe(true);
  });

  it('promises for a try-on what holds on every engine, not the hosted engine’s figure', () => {
    renderWithProviders(<HomePage />);
    const longest = Math.max(...ENGINE_NAMES.map((engine) => DEFAULT_EXPECTED_SECONDS[engine]['virtual-tryon'].max));
    const stat = screen.getByText('cho một ảnh thử đồ ảo').parentElement!;
    expect(stat.textContent).toContain(`Dưới ${Math.ceil(longest / 60)} phút`);
    expect(document.body.textContent).not.toContain('30–45 giây');
    expect(document.body.textContent).not.toContain('30 giây đến vài phút');
  });

  it('cards every tool with a price', () => {
    expect(Object.values(TOOLS).every((tool) => tool.price.credits > 0)).toBe(true);
  });
});
