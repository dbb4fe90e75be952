import { describe, expect, it } from 'vitest';
import { setupI18n, type I18n } from '@lingui/core';
import { BILLING_MESSAGES, type BillingMessageKey } from '../../contract/billing.schema.ts';
import { ApiError } from '../../lib/api.ts';
import { BILLING_ERROR_WORDS, billingErrorText } from './error-text.ts';

const CODES = Object.keys(BILLING_MESSAGES) as BillingMessageKey[];

async function catalog(locale: 'vi' | 'en'): Promise<I18n> {
  const { messages } = locale === 'vi' ? await import('../../locales/vi/app/billing.po') : await import('../../locales/en/app/billing.po');
  return setupI18n({ locale, messages: { [locale]: messages } });
}

/** What the server answers for `code`: its English text and the code. */
function answer(code: BillingMessageKey): ApiError {
  return new ApiError(BILLING_MESSAGES[code], 422, { detail: BILLING_MESSAGES[code], code });
}

describe('billing error words', () => {
  it('words every billing code, and nothing else', () => {
    expect(Object.keys(BILLING_ERROR_WORDS).toSorted()).toEqual(CODES.toSorted());
  });

  it('says each code in Vietnamese, never the server’s English, and in English as the contract does', async () => {
    const vi = await catalog('vi');
    const en = await catalog('en');
    for (const code of CODES) {
      const error = answer(code);
      expect(billingErrorText(vi, error), code).not.toBe(error.message);
      expect(billingErrorText(vi, error), code).toMatch(/[àáảãạăâđèéêìíòóôơùúưỳý]/i);
      // The checkout says that nothing was charged next to any failure, so the words do not.
      const contract = code === 'providerUnavailable' ? 'The payment provider could not be reached. Please try again in a moment.' : BILLING_MESSAGES[code];
      expect(billingErrorText(en, error), code).toBe(contract);
    }
  });

  it('leaves any other failure to the general words', async () => {
    const vi = await catalog('vi');
    expect(billingErrorText(vi, new ApiError('Not found', 404, { detail: 'Not found', code: 'toString' }))).toBe('Not found');
    expect(billingErrorText(vi, new Error('Failed to fetch'))).toBe('Failed to fetch');
  });
});
