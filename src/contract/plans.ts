/**
 * The plan catalogue (docs/product-rules.md#billing): plans, prices, credits and what each plan
 * unlocks (the credit packs and payment methods are in ./packs.ts). The one source the server, the public
 * /pricing page, the home page's teaser and the app read. Plain data without valibot, so a
 * pre-rendered public page that quotes a price does not carry the schema library.
 *
 * Money is integer VND, VAT included; credits are integers.
 */
export const PLAN_IDS = ['free', 'basic', 'starter', 'pro', 'professional', 'premium', 'enterprise'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

/** The plans a checkout can sell (free needs no payment; enterprise is agreed with sales). */
export const PURCHASABLE_PLAN_IDS = ['basic', 'starter', 'pro', 'professional', 'premium'] as const;
export type PurchasablePlanId = (typeof PURCHASABLE_PLAN_IDS)[number];

export const BILLING_PERIODS = ['monthly', 'annual'] as const;
export type BillingPeriod = (typeof BILLING_PERIODS)[number];

/** docs/product-rules.md#annual-discount: annual billing saves 20% (the SAVE 20% badge). */
export const ANNUAL_DISCOUNT_PERCENT = 20;

/** Months in a billing period. */
export const PERIOD_MONTHS: Record<BillingPeriod, number> = { monthly: 1, annual: 12 };

/** Plans shown side by side: personal (one seller) and business (brands, salons, teams of sellers). */
export const PLAN_GROUPS = ['personal', 'business'] as const;
export type PlanGroup = (typeof PLAN_GROUPS)[number];

/**
 * How a plan gives credits:
 * - `once`: a single grant when the account is created (the free trial's 5 credits, never expiring);
 * - `cycle`: `monthly` credits a month, granted for the whole period at its start (an annual plan
 *   gets 12 × monthly at once) and expiring at the period's end;
 * - `unlimited`: generations without counting, under a fair-use cap of `fairUseMonthly` a month
 *   (granted and expiring like `cycle`, shown as "unlimited");
 * - `custom`: agreed in the contract (enterprise).
 */
export type PlanCredits =
  | { kind: 'once'; amount: number }
  | { kind: 'cycle'; monthly: number }
  | { kind: 'unlimited'; fairUseMonthly: number }
  | { kind: 'custom' };

/** What a plan unlocks; enforced by the server (server/billing/gates.ts), shown by the pages. */
export interface PlanFeatures {
  /** Results carry the Atelier watermark (free plan only: docs/product-rules.md#watermark). */
  watermark: boolean;
  /** 1080p video and ×3/×4 upscales. */
  hd: boolean;
  /** Queue priority: jobs of a higher level start first (0 standard, 1 faster, 2 priority, 3 highest). */
  priority: 0 | 1 | 2 | 3;
  /** The public API and API tokens (/api-management). */
  api: boolean;
  /** Generations without counting credits (under the fair-use cap). */
  unlimited: boolean;
  /** A named account manager, an invoice and a service agreement (enterprise). */
  dedicatedSupport: boolean;
}

export interface PlanDefinition {
  id: PlanId;
  group: PlanGroup;
  /** Order from free to enterprise: a higher rank is an upgrade. */
  rank: number;
  /** VND a month billed monthly (VAT included); null for a custom price (enterprise). */
  monthlyVnd: number | null;
  credits: PlanCredits;
  features: PlanFeatures;
  /** The plan the pages put forward. */
  highlighted: boolean;
}

const standard = { watermark: false, hd: true, api: false, unlimited: false, dedicatedSupport: false } as const;

export const PLANS: Readonly<Record<PlanId, PlanDefinition>> = {
  free: {
    id: 'free',
    group: 'personal',
    rank: 0,
    monthlyVnd: 0,
    credits: { kind: 'once', amount: 5 },
    features: { watermark: true, hd: false, priority: 0, api: false, unlimited: false, dedicatedSupport: false },
    highlighted: false,
  },
  basic: {
    id: 'basic',
    group: 'personal',
    rank: 1,
    monthlyVnd: 199_000,
    credits: { kind: 'cycle', monthly: 100 },
    features: { ...standard, priority: 0 },
    highlighted: false,
  },
  starter: {
    id: 'starter',
    group: 'personal',
    rank: 2,
    monthlyVnd: 349_000,
    credits: { kind: 'cycle', monthly: 200 },
    features: { ...standard, priority: 1 },
    highlighted: false,
  },
  pro: {
    id: 'pro',
    group: 'personal',
    rank: 3,
    monthlyVnd: 499_000,
    credits: { kind: 'cycle', monthly: 300 },
    features: { ...standard, priority: 2, api: true },
    highlighted: true,
  },
  professional: {
    id: 'professional',
    group: 'business',
    rank: 4,
    monthlyVnd: 999_000,
    credits: { kind: 'cycle', monthly: 700 },
    features: { ...standard, priority: 2, api: true },
    highlighted: false,
  },
  premium: {
    id: 'premium',
    group: 'business',
    rank: 5,
    monthlyVnd: 1_999_000,
    credits: { kind: 'unlimited', fairUseMonthly: 2_000 },
    features: { ...standard, priority: 3, api: true, unlimited: true },
    highlighted: true,
  },
  enterprise: {
    id: 'enterprise',
    group: 'business',
    rank: 6,
    monthlyVnd: null,
    credits: { kind: 'custom' },
    features: { ...standard, priority: 3, api: true, unlimited: true, dedicatedSupport: true },
    highlighted: false,
  },
};

/** The catalogue in display order. */
export const PLAN_LIST: readonly PlanDefinition[] = PLAN_IDS.map((id) => PLANS[id]);

/**
 * Price of a plan for a period in VND: the monthly price, or 12 × monthly × 0.8 for a year
 * (docs/product-rules.md#annual-discount). Integer arithmetic: every monthly price is a multiple
 * of 1,000 đồng, so the annual price is a whole number of đồng.
 */
export function planPrice(plan: PlanDefinition, period: BillingPeriod): number | null {
  if (plan.monthlyVnd === null) return null;
  if (period === 'monthly') return plan.monthlyVnd;
  return (plan.monthlyVnd * 12 * (100 - ANNUAL_DISCOUNT_PERCENT)) / 100;
}

/** What the annual price comes to a month (shown beside the annual price). */
export function annualMonthlyEquivalent(plan: PlanDefinition): number | null {
  const annual = planPrice(plan, 'annual');
  return annual === null ? null : Math.round(annual / 12);
}

/** Credits a paid plan grants for one period (12 × monthly for a year); null for once and custom plans. */
export function planCycleCredits(plan: PlanDefinition, period: BillingPeriod): number | null {
  const months = PERIOD_MONTHS[period];
  switch (plan.credits.kind) {
    case 'cycle':
      return plan.credits.monthly * months;
    case 'unlimited':
      return plan.credits.fairUseMonthly * months;
    default:
      return null;
  }
}
