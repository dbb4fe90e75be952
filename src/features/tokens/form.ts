import * as v from 'valibot';
import { CREDIT_CAP_MAX, TOKEN_EXPIRY_DEFAULT, type TokenMessageKey } from '../../contract/tokens.ts';
import {
  API_TOKEN_SERVICES,
  RATE_LIMIT_DEFAULT,
  RATE_LIMIT_MAX,
  RATE_LIMIT_MIN,
  type ApiTokenService,
  type TokenExpiryPreset,
} from '../../contract/token-terms.ts';
import { WebhookUrlSchema, type ApiToken, type CreateTokenInput, type UpdateTokenRequest } from '../../contract/tokens.schema.ts';

/**
 * The token form (create dialog and the detail's settings): its values as typed, the checks of
 * the spec (§5) made before anything is sent, and the bodies it sends. The checks are the
 * contract's (src/contract/tokens.ts), so the server's 422 and the form agree word for word.
 */

export interface TokenFormValues {
  name: string;
  permissions: readonly ApiTokenService[];
  /** As typed: a number field can hold text that is not one yet. */
  rateLimit: string;
  expiresIn: TokenExpiryPreset;
  /** Empty: no cap. */
  creditCap: string;
  /** Empty: no webhook. */
  webhookUrl: string;
}

/** The form's fields, in the order they are shown (the first invalid one takes the focus). */
export const TOKEN_FIELDS = ['name', 'permissions', 'rateLimit', 'creditCap', 'webhookUrl'] as const;
export type TokenField = (typeof TOKEN_FIELDS)[number];
export type TokenFormErrors = Partial<Record<TokenField, TokenMessageKey>>;

export const EMPTY_FORM: TokenFormValues = {
  name: '',
  permissions: [],
  rateLimit: String(RATE_LIMIT_DEFAULT),
  expiresIn: TOKEN_EXPIRY_DEFAULT,
  creditCap: '',
  webhookUrl: '',
};

/** The form holding a token's current settings (the detail's edit form). */
export function formOf(token: ApiToken): TokenFormValues {
  return {
    name: token.name,
    permissions: API_TOKEN_SERVICES.filter((service) => token.permissions.includes(service)),
    rateLimit: String(token.rate_limit),
    expiresIn: TOKEN_EXPIRY_DEFAULT,
    creditCap: token.credit_cap === null ? '' : String(token.credit_cap),
    webhookUrl: token.webhook_url ?? '',
  };
}

/** A whole number typed in a field (digits only, at most 9 so it stays exact), else null. */
function wholeNumber(text: string): number | null {
  const trimmed = text.trim();
  return /^\d{1,9}$/.test(trimmed) ? Number(trimmed) : null;
}

/** The field each server code belongs to; the others are about the whole request. */
export const FIELD_OF_CODE: Partial<Record<TokenMessageKey, TokenField>> = {
  nameRequired: 'name',
  permissionsRequired: 'permissions',
  rateLimitRange: 'rateLimit',
  creditCapRange: 'creditCap',
  invalidWebhookUrl: 'webhookUrl',
};

/** The spec's checks (§5), then the cap's and the webhook URL's: one code per invalid field. */
export function validateTokenForm(values: TokenFormValues): TokenFormErrors {
  const errors: TokenFormErrors = {};
  if (values.name.trim() === '') errors.name = 'nameRequired';
  if (values.permissions.length === 0) errors.permissions = 'permissionsRequired';
  const rate = wholeNumber(values.rateLimit);
  if (rate === null || rate < RATE_LIMIT_MIN || rate > RATE_LIMIT_MAX) errors.rateLimit = 'rateLimitRange';
  if (values.creditCap.trim() !== '') {
    const cap = wholeNumber(values.creditCap);
    if (cap === null || cap < 1 || cap > CREDIT_CAP_MAX) errors.creditCap = 'creditCapRange';
  }
  if (values.webhookUrl.trim() !== '' && !v.is(WebhookUrlSchema, values.webhookUrl.trim())) errors.webhookUrl = 'invalidWebhookUrl';
  return errors;
}

/** The first invalid field in the form's order, or undefined when there is none. */
/** The messages of `current` the changed values still earn: a fixed field loses its message as soon as it is valid. */
export function stillInvalid(current: TokenFormErrors, values: TokenFormValues): TokenFormErrors {
  const still = validateTokenForm(values);
  return Object.fromEntries(Object.entries(current).filter(([field]) => still[field as TokenField] !== undefined));
}

export function firstInvalid(errors: TokenFormErrors): TokenField | undefined {
  return TOKEN_FIELDS.find((field) => errors[field] !== undefined);
}

/** The permissions in the contract's order (a toggle adds at the end). */
export function togglePermission(list: readonly ApiTokenService[], service: ApiTokenService): ApiTokenService[] {
  const next = new Set(list);
  if (next.has(service)) next.delete(service);
  else next.add(service);
  return API_TOKEN_SERVICES.filter((candidate) => next.has(candidate));
}

const capOf = (values: TokenFormValues) => (values.creditCap.trim() === '' ? null : Number(values.creditCap.trim()));
const webhookOf = (values: TokenFormValues) => (values.webhookUrl.trim() === '' ? null : values.webhookUrl.trim());

/** POST /api/tokens's body of a valid form. */
export function createBody(values: TokenFormValues): CreateTokenInput {
  return {
    name: values.name.trim(),
    permissions: [...values.permissions],
    rate_limit: Number(values.rateLimit.trim()),
    expires_in: values.expiresIn,
    credit_cap: capOf(values),
    webhook_url: webhookOf(values),
  };
}

/** PATCH /api/tokens/{id}'s body of a valid form: only what differs from the token; null when nothing does. */
export function updateBody(token: ApiToken, values: TokenFormValues): UpdateTokenRequest | null {
  const body: UpdateTokenRequest = {};
  const name = values.name.trim();
  if (name !== token.name) body.name = name;
  if (values.permissions.join() !== formOf(token).permissions.join()) body.permissions = [...values.permissions];
  const rate = Number(values.rateLimit.trim());
  if (rate !== token.rate_limit) body.rate_limit = rate;
  const cap = capOf(values);
  if (cap !== token.credit_cap) body.credit_cap = cap;
  const webhook = webhookOf(values);
  if (webhook !== token.webhook_url) body.webhook_url = webhook;
  return Object.keys(body).length === 0 ? null : body;
}
