/**
 * Renewals the provider charges by itself (Stripe's `invoice.paid` for a new period): each is
 * an order of its own, completed when it arrives, placing a cycle after the one in force. The
 * event id is the order's idempotency key, so a replayed renewal is one order and one cycle.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { PLANS, planCycleCredits, type PlanId } from '../../src/contract/plans.ts';
import type { Tables } from '../db/schema.ts';
import type { Settlement, SettleResult } from './fulfil.ts';
import { billingAccount, insertOrder, type OrderRow } from './repository.ts';
import type { ProviderNotification } from './providers/types.ts';

export interface RenewalDeps {
  db: Kysely<Tables>;
  now: () => Date;
  apply: (orderId: string, outcome: Settlement, event: { provider: string; id: string } | null) => Promise<SettleResult | 'replayed'>;
}

export async function renewOrder(deps: RenewalDeps, original: OrderRow, note: ProviderNotification, provider: string): Promise<void> {
  if (original.user_id === null || original.kind !== 'plan' || note.state !== 'paid') return;
  const at = deps.now();
  // The plan chosen for the end of the cycle (a downgrade) is what the provider now charges for.
  const account = await billingAccount(deps.db, original.user_id);
  const plan = PLANS[(account?.scheduled_plan && account.scheduled_plan !== 'free' ? account.scheduled_plan : original.item) as PlanId] ?? PLANS.basic;
  const period = account?.scheduled_plan && account.scheduled_plan !== 'free' ? (account.scheduled_period ?? 'monthly') : (original.period ?? 'monthly');
  const id = randomUUID();
  const inserted = await insertOrder(deps.db, {
    id,
    user_id: original.user_id,
    kind: 'plan',
    item: plan.id,
    period,
    change: 'renewal',
    price_vnd: note.amountVnd,
    proration_credit_vnd: 0,
    amount_vnd: note.amountVnd,
    credits: planCycleCredits(plan, period) ?? 0,
    method: provider,
    status: 'pending',
    provider_ref: note.providerRef,
    subscription_ref: note.renewal?.subscriptionRef ?? original.subscription_ref,
    idempotency_key: `renewal:${note.eventId}`,
    buyer_email: original.buyer_email,
    buyer_name: original.buyer_name,
    language: original.language,
    renewal_of: original.renewal_of ?? original.id,
    created_at: at,
    updated_at: at,
    expires_at: at,
  });
  if (!inserted) return;
  await deps.apply(
    id,
    { state: 'paid', amountVnd: note.amountVnd, providerRef: note.providerRef, subscriptionRef: note.renewal?.subscriptionRef ?? null },
    { provider, id: note.eventId },
  );
}
