/**
 * The payment providers on, by configuration (./../config.ts): the sandbox (default without
 * keys) and every real provider whose keys are set, in the order checkout lists them.
 */
import type { PaymentMethod } from '../../../src/contract/packs.ts';
import type { BillingConfig } from '../config.ts';
import { createMomoProvider } from './momo.ts';
import { createPayosProvider } from './payos.ts';
import { createVnpayProvider } from './vnpay.ts';
import { createStripeProvider } from './stripe.ts';
import type { PaymentProvider } from './types.ts';

export function buildProviders(config: BillingConfig, sandbox: PaymentProvider | null): ReadonlyMap<PaymentMethod, PaymentProvider> {
  const providers = new Map<PaymentMethod, PaymentProvider>();
  if (sandbox) providers.set('sandbox', sandbox);
  if (config.payos) providers.set('payos', createPayosProvider(config.payos));
  if (config.vnpay)
    providers.set(
      'vnpay',
      createVnpayProvider({ tmnCode: config.vnpay.tmnCode, hashSecret: config.vnpay.hashSecret, paymentUrl: config.vnpay.payUrl, apiUrl: config.vnpay.apiUrl }),
    );
  if (config.momo) providers.set('momo', createMomoProvider(config.momo));
  if (config.stripe) providers.set('stripe', createStripeProvider(config.stripe));
  return providers;
}
