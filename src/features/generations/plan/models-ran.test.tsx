// @vitest-environment happy-dom
/**
 * A finished result names the models that ran on the server (the `modelsRan` item the built-in
 * engine adds to the result's plan, docs/product-rules.md#engine-plan): the result screen and the
 * history show the plan's done items, so the sentence is there, one item of the list.
 */
import { setupI18n } from '@lingui/core';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { EnginePlan } from '../../../contract/engine-plan.schema.ts';
import { planItem } from '../../../contract/engine-plan-texts.ts';
import { messages as planEn } from '../../../locales/en/app/engine-plan.po';
import { renderWithProviders } from '../../../../tests/fixtures/render.tsx';
import { PlanSummary } from './PlanSummary.tsx';
import { modelsRan } from '../../../../server/engines/local/models/facts.ts';

afterEach(cleanup);

/** The plan of "Xóa nền" on a portrait, as the server stores it on the completed job. */
const PERSON_CUT: EnginePlan = {
  done: [planItem('removeBackground'), modelsRan(['pose', 'person']).item],
  not_done: [],
};

describe('the models that ran, on a finished result', () => {
  it('shows the sentence among what was done, in Vietnamese and in English', () => {
    const vi = setupI18n({ locale: 'vi', messages: { vi: {} } });
    renderWithProviders(<PlanSummary plan={PERSON_CUT} when="result" />, { i18n: vi });
    const summary = screen.getByTestId('plan-summary');
    expect(summary.dataset.partial).toBe('false');
    const items = within(screen.getByTestId('plan-done')).getAllByRole('listitem');
    expect(items.map((item) => item.dataset.code)).toEqual(['removeBackground', 'modelsRan']);
    expect(items[1]!.textContent).toBe('Thực hiện bằng mô hình chạy trên máy chủ: MoveNet Lightning (Apache-2.0), MediaPipe Selfie Segmentation (Apache-2.0)');
    cleanup();

    const en = setupI18n({ locale: 'en', messages: { en: planEn } });
    renderWithProviders(<PlanSummary plan={PERSON_CUT} when="result" />, { i18n: en });
    expect(screen.getByTestId('plan-done').querySelector('[data-code="modelsRan"]')?.textContent).toMatch(
      /^Done by models running on this server: MoveNet Lightning .+, MediaPipe Selfie Segmentation/,
    );
  });
});
