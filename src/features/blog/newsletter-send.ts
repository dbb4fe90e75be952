import * as v from 'valibot';
import type { BlogLocaleCode } from '../../contract/blog.ts';
import { SubscribeResponseSchema } from '../../contract/newsletter.schema.ts';
import { apiUrl } from '../../lib/api-url.ts';

/** What a sign-up came to: accepted, or refused with the server's code (null when it gave none). */
export type SubscribeOutcome = { ok: true } | { ok: false; code: string | null };

/**
 * Sends a newsletter sign-up (POST /api/newsletter/subscribe, src/contract/newsletter.ts). Loaded by
 * the sign-up form on its first focus (./interactive.ts), with the answer's schema: a reader who
 * never signs up never fetches it. Rejects when the request does not get through.
 */
export async function subscribe(input: { email: string; website: string; locale: BlogLocaleCode }): Promise<SubscribeOutcome> {
  const response = await fetch(apiUrl('/api/newsletter/subscribe'), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(input),
  });
  const body: unknown = await response.json().catch(() => null);
  if (response.status === 202 && v.is(SubscribeResponseSchema, body)) return { ok: true };
  return { ok: false, code: (body as { code?: string } | null)?.code ?? null };
}
