/**
 * The payment providers' configuration (docs/product-rules.md#payments): which providers are on
 * and their keys, read from the environment with the rest of the configuration (server/config.ts
 * spreads BILLING_VARIABLES and billingEnvEntries into its tables). A provider is on when all its
 * keys are set; a partial set is a mistake worth stopping for. The sandbox is on when no real
 * provider is (PAYMENT_SANDBOX overrides).
 */
import * as v from 'valibot';
import type { Seller } from '../../src/contract/billing.schema.ts';

const url = v.pipe(
  v.string(),
  v.check((text: string) => {
    try {
      const parsed = new URL(text);
      return parsed.protocol === 'https:' || parsed.protocol === 'http:';
    } catch {
      return false;
    }
  }),
  v.transform((text: string) => text.replace(/\/+$/, '')),
);
const key = v.pipe(v.string(), v.regex(/^\S+$/));
const textValue = v.pipe(v.string(), v.minLength(1), v.maxLength(300));

interface Variable {
  default: string;
  description: string;
  rule: string;
  secret?: true;
  schema: v.GenericSchema;
}

const secret = (description: string) => ({ default: '', description, rule: 'the key from the provider’s dashboard', secret: true as const, schema: key });
const plain = (description: string) => ({ default: '', description, rule: 'the value from the provider’s dashboard', schema: key });
const endpoint = (fallback: string, description: string) => ({ default: fallback, description, rule: 'an http:// or https:// URL', schema: url });
const seller = (fallback: string, description: string) => ({ default: fallback, description, rule: 'text, 1 to 300 characters', schema: textValue });

export const BILLING_VARIABLES = {
  PAYMENT_SANDBOX: {
    default: '',
    description:
      'The sandbox payment provider (a hosted test page, no real money): 1 on, 0 off. Unset: on when no real provider (payOS, VNPay, MoMo, Stripe) has its keys set.',
    rule: '0 or 1',
    schema: v.picklist(['0', '1']),
  },
  PAYOS_CLIENT_ID: plain('payOS client id (with PAYOS_API_KEY and PAYOS_CHECKSUM_KEY: VietQR bank transfers through payOS).'),
  PAYOS_API_KEY: secret('payOS API key.'),
  PAYOS_CHECKSUM_KEY: secret('payOS checksum key (signs requests and verifies webhooks).'),
  PAYOS_API_URL: endpoint('https://api-merchant.payos.vn', 'payOS API base URL.'),
  VNPAY_TMN_CODE: plain('VNPay terminal code (with VNPAY_HASH_SECRET: VNPay cards and QR).'),
  VNPAY_HASH_SECRET: secret('VNPay hash secret (HMAC-SHA512 of requests and IPNs).'),
  VNPAY_PAY_URL: endpoint('https://sandbox.vnpayment.vn/paymentv2/vpcpay.html', 'VNPay payment page URL.'),
  VNPAY_API_URL: endpoint('https://sandbox.vnpayment.vn/merchant_webapi/api/transaction', 'VNPay query and refund API URL.'),
  MOMO_PARTNER_CODE: plain('MoMo partner code (with MOMO_ACCESS_KEY and MOMO_SECRET_KEY: the MoMo wallet).'),
  MOMO_ACCESS_KEY: plain('MoMo access key.'),
  MOMO_SECRET_KEY: secret('MoMo secret key (HMAC-SHA256 of requests and IPNs).'),
  MOMO_API_URL: endpoint('https://test-payment.momo.vn', 'MoMo API base URL.'),
  STRIPE_SECRET_KEY: secret('Stripe secret key (with STRIPE_WEBHOOK_SECRET: international cards and automatic renewal).'),
  STRIPE_WEBHOOK_SECRET: secret('Stripe webhook signing secret (whsec_…).'),
  STRIPE_API_URL: endpoint('https://api.stripe.com', 'Stripe API base URL.'),
  SELLER_NAME: seller('Công ty TNHH Atelier Studio', 'Seller name printed on receipts.'),
  SELLER_ADDRESS: seller('72 Lê Thánh Tôn, Phường Sài Gòn, TP. Hồ Chí Minh, Việt Nam', 'Seller address printed on receipts.'),
  SELLER_TAX_CODE: seller('0318123456', 'Seller tax code (mã số thuế) printed on receipts.'),
  SELLER_EMAIL: seller('billing@atelier.vn', 'Billing contact printed on receipts.'),
  SELLER_PHONE: seller('+84 28 3822 6868', 'Billing phone printed on receipts.'),
} as const satisfies Record<string, Variable>;

const optional = <K extends keyof typeof BILLING_VARIABLES>(name: K) => v.optional(BILLING_VARIABLES[name].schema);
const withDefault = <K extends keyof typeof BILLING_VARIABLES>(name: K) => v.optional(BILLING_VARIABLES[name].schema, BILLING_VARIABLES[name].default);

export const billingEnvEntries = {
  PAYMENT_SANDBOX: optional('PAYMENT_SANDBOX'),
  PAYOS_CLIENT_ID: optional('PAYOS_CLIENT_ID'),
  PAYOS_API_KEY: optional('PAYOS_API_KEY'),
  PAYOS_CHECKSUM_KEY: optional('PAYOS_CHECKSUM_KEY'),
  PAYOS_API_URL: withDefault('PAYOS_API_URL'),
  VNPAY_TMN_CODE: optional('VNPAY_TMN_CODE'),
  VNPAY_HASH_SECRET: optional('VNPAY_HASH_SECRET'),
  VNPAY_PAY_URL: withDefault('VNPAY_PAY_URL'),
  VNPAY_API_URL: withDefault('VNPAY_API_URL'),
  MOMO_PARTNER_CODE: optional('MOMO_PARTNER_CODE'),
  MOMO_ACCESS_KEY: optional('MOMO_ACCESS_KEY'),
  MOMO_SECRET_KEY: optional('MOMO_SECRET_KEY'),
  MOMO_API_URL: withDefault('MOMO_API_URL'),
  STRIPE_SECRET_KEY: optional('STRIPE_SECRET_KEY'),
  STRIPE_WEBHOOK_SECRET: optional('STRIPE_WEBHOOK_SECRET'),
  STRIPE_API_URL: withDefault('STRIPE_API_URL'),
  SELLER_NAME: withDefault('SELLER_NAME'),
  SELLER_ADDRESS: withDefault('SELLER_ADDRESS'),
  SELLER_TAX_CODE: withDefault('SELLER_TAX_CODE'),
  SELLER_EMAIL: withDefault('SELLER_EMAIL'),
  SELLER_PHONE: withDefault('SELLER_PHONE'),
};

type BillingEnv = v.InferOutput<v.ObjectSchema<typeof billingEnvEntries, undefined>>;

export interface BillingConfig {
  readonly sandbox: boolean;
  readonly payos: { readonly clientId: string; readonly apiKey: string; readonly checksumKey: string; readonly baseUrl: string } | null;
  readonly vnpay: { readonly tmnCode: string; readonly hashSecret: string; readonly payUrl: string; readonly apiUrl: string } | null;
  readonly momo: { readonly partnerCode: string; readonly accessKey: string; readonly secretKey: string; readonly baseUrl: string } | null;
  readonly stripe: { readonly secretKey: string; readonly webhookSecret: string; readonly baseUrl: string } | null;
  readonly seller: Seller;
}

/** All of a provider's keys, or none; a partial set is named. */
function group<T>(
  provider: string,
  names: readonly string[],
  values: readonly (string | undefined)[],
  build: () => T,
): { value: T | null; problems: string[] } {
  const missing = names.filter((_, index) => !values[index]);
  if (missing.length === names.length) return { value: null, problems: [] };
  if (missing.length > 0) return { value: null, problems: [`${provider}: set ${missing.join(', ')} too (or none of ${names.join(', ')})`] };
  return { value: Object.freeze(build()), problems: [] };
}

export function billingConfig(out: BillingEnv): { value: BillingConfig; problems: string[] } {
  const payos = group(
    'payOS',
    ['PAYOS_CLIENT_ID', 'PAYOS_API_KEY', 'PAYOS_CHECKSUM_KEY'],
    [out.PAYOS_CLIENT_ID, out.PAYOS_API_KEY, out.PAYOS_CHECKSUM_KEY],
    () => ({
      clientId: out.PAYOS_CLIENT_ID!,
      apiKey: out.PAYOS_API_KEY!,
      checksumKey: out.PAYOS_CHECKSUM_KEY!,
      baseUrl: out.PAYOS_API_URL,
    }),
  );
  const vnpay = group('VNPay', ['VNPAY_TMN_CODE', 'VNPAY_HASH_SECRET'], [out.VNPAY_TMN_CODE, out.VNPAY_HASH_SECRET], () => ({
    tmnCode: out.VNPAY_TMN_CODE!,
    hashSecret: out.VNPAY_HASH_SECRET!,
    payUrl: out.VNPAY_PAY_URL,
    apiUrl: out.VNPAY_API_URL,
  }));
  const momo = group(
    'MoMo',
    ['MOMO_PARTNER_CODE', 'MOMO_ACCESS_KEY', 'MOMO_SECRET_KEY'],
    [out.MOMO_PARTNER_CODE, out.MOMO_ACCESS_KEY, out.MOMO_SECRET_KEY],
    () => ({
      partnerCode: out.MOMO_PARTNER_CODE!,
      accessKey: out.MOMO_ACCESS_KEY!,
      secretKey: out.MOMO_SECRET_KEY!,
      baseUrl: out.MOMO_API_URL,
    }),
  );
  const stripe = group('Stripe', ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'], [out.STRIPE_SECRET_KEY, out.STRIPE_WEBHOOK_SECRET], () => ({
    secretKey: out.STRIPE_SECRET_KEY!,
    webhookSecret: out.STRIPE_WEBHOOK_SECRET!,
    baseUrl: out.STRIPE_API_URL,
  }));
  // Without keys the sandbox is the way to pay; with a real provider it steps aside unless asked for.
  const anyReal = [payos, vnpay, momo, stripe].some((provider) => provider.value !== null);
  const sandbox = out.PAYMENT_SANDBOX === undefined ? !anyReal : out.PAYMENT_SANDBOX === '1';
  return {
    value: Object.freeze({
      sandbox,
      payos: payos.value,
      vnpay: vnpay.value,
      momo: momo.value,
      stripe: stripe.value,
      seller: Object.freeze({
        name: out.SELLER_NAME,
        address: out.SELLER_ADDRESS,
        tax_code: out.SELLER_TAX_CODE,
        email: out.SELLER_EMAIL,
        phone: out.SELLER_PHONE,
      }),
    }),
    problems: [...payos.problems, ...vnpay.problems, ...momo.problems, ...stripe.problems],
  };
}
