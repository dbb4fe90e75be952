import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { PlanId } from '../contract/plans.ts';

/**
 * The plans' names (docs/glossary.md#product-names), the one list every screen reads: the profile,
 * the billing screens and the pricing pages. The free plan's name is translated ("Gói Miễn phí",
 * "Free plan"); the paid tiers keep their product names in both languages. A plan id is never shown.
 */
export const PLAN_NAMES: Readonly<Record<PlanId, MessageDescriptor>> = {
  free: msg`Miễn phí`,
  basic: msg`Basic`,
  starter: msg`Starter`,
  pro: msg`Pro`,
  professional: msg`Professional`,
  premium: msg`Premium`,
  enterprise: msg`Enterprise`,
};
