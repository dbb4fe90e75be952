/**
 * Credit packs and payment methods (docs/product-rules.md#billing): plain data without valibot,
 * apart from the plans (./plans.ts) so a page that quotes a plan's price does not carry them.
 */
/** How long purchased credits last, in months (docs/product-rules.md#credit-expiry). */
export const PACK_VALIDITY_MONTHS = 12;

export const PACK_IDS = ['pack_50', 'pack_150', 'pack_500'] as const;
export type PackId = (typeof PACK_IDS)[number];

export interface PackDefinition {
  id: PackId;
  credits: number;
  /** VND, VAT included. */
  priceVnd: number;
  /** The pack the pages put forward. */
  highlighted: boolean;
}

/** Credit packs: bought on any plan, free included, lasting PACK_VALIDITY_MONTHS. */
export const PACKS: Readonly<Record<PackId, PackDefinition>> = {
  pack_50: { id: 'pack_50', credits: 50, priceVnd: 129_000, highlighted: false },
  pack_150: { id: 'pack_150', credits: 150, priceVnd: 349_000, highlighted: true },
  pack_500: { id: 'pack_500', credits: 500, priceVnd: 990_000, highlighted: false },
};

export const PACK_LIST: readonly PackDefinition[] = PACK_IDS.map((id) => PACKS[id]);

/**
 * Payment methods, each a provider adapter (server/billing/providers): `sandbox` (the default
 * without keys: a hosted test page), `payos` (VietQR bank transfer), `vnpay` (ATM cards, QR),
 * `momo` (the MoMo wallet) and `stripe` (international cards; the one that renews by itself).
 */
export const PAYMENT_METHODS = ['sandbox', 'payos', 'vnpay', 'momo', 'stripe'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** Methods whose provider charges a saved card each period (automatic renewal). */
export const RECURRING_METHODS: ReadonlySet<PaymentMethod> = new Set(['stripe']);
