import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import * as v from 'valibot';
import {
  CreatedTokenSchema,
  TokenDetailSchema,
  TokenListSchema,
  type CreatedToken,
  type CreateTokenInput,
  type UpdateTokenRequest,
} from '../../contract/tokens.schema.ts';
import { api } from '../../lib/api.ts';

/**
 * The /api-management screen's query module (src/contract/tokens.ts): the token list with the
 * four stats, one token's detail, and the changes (create, update, regenerate, delete, resend a
 * webhook). Every answer is parsed with the contract. Key root: `['tokens']`, not persisted
 * offline (src/lib/offline/query-store.ts): the list shows offline only while this visit still
 * holds it in memory.
 *
 * A new secret (create, regenerate) is never written to the query cache: the caller keeps it in
 * component state for the one time it is shown, and the mutation is reset once it is closed.
 */

export const tokenKeys = {
  all: ['tokens'] as const,
  list: () => ['tokens', 'list'] as const,
  detail: (id: string) => ['tokens', 'detail', id] as const,
};

const byToken = (id: string) => `/api/tokens/${encodeURIComponent(id)}`;

// ── Queries ───────────────────────────────────────────────────────────────────────────

/** GET /api/tokens: the tokens (never a secret), the four stats, whether the plan allows the API. */
export const tokensQueryOptions = () =>
  queryOptions({
    queryKey: tokenKeys.list(),
    queryFn: async ({ signal }) => v.parse(TokenListSchema, await api.get('/api/tokens', { signal })),
    // "Requests today" moves while the page is open: read again whenever the page asks.
    staleTime: 0,
  });

/** GET /api/tokens/{id}: the settings, 30 days of usage, the last 100 requests, the webhook deliveries. */
export const tokenDetailQueryOptions = (id: string) =>
  queryOptions({
    queryKey: tokenKeys.detail(id),
    queryFn: async ({ signal }) => v.parse(TokenDetailSchema, await api.get(byToken(id), { signal })),
    staleTime: 0,
  });

// ── Mutations ─────────────────────────────────────────────────────────────────────────

/**
 * How long the mutation cache keeps an answer carrying a secret once no screen uses it, in ms:
 * not at all (the default would keep the whole token in memory for 5 minutes).
 */
const SECRET_KEPT_MS = 0;

/** What any change of a token can move: the list and its stats, and that token's detail. */
function invalidateToken(client: QueryClient, id?: string): Promise<unknown> {
  return Promise.all([client.invalidateQueries({ queryKey: tokenKeys.list() }), id ? client.invalidateQueries({ queryKey: tokenKeys.detail(id) }) : null]);
}

/** POST /api/tokens: 201 with the whole token, the only time it is ever sent. */
export function useCreateToken() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreateTokenInput): Promise<CreatedToken> => v.parse(CreatedTokenSchema, await api.post('/api/tokens', body)),
    gcTime: SECRET_KEPT_MS,
    onSuccess: () => invalidateToken(client),
  });
}

/** PATCH /api/tokens/{id}: the active toggle or settings (only the fields that changed). */
export function useUpdateToken(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateTokenRequest) => api.patch<unknown>(byToken(id), body),
    onSettled: () => invalidateToken(client, id),
  });
}

/** POST /api/tokens/{id}/regenerate: a new secret, shown once; the old one stops working at once. */
export function useRegenerateToken(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (): Promise<CreatedToken> => v.parse(CreatedTokenSchema, await api.post(`${byToken(id)}/regenerate`)),
    gcTime: SECRET_KEPT_MS,
    onSettled: () => invalidateToken(client, id),
  });
}

/** DELETE /api/tokens/{id}: 204; the token's detail is dropped from the cache. */
export function useDeleteToken() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<unknown>(byToken(id)),
    onSuccess: (_answer, id) => client.removeQueries({ queryKey: tokenKeys.detail(id) }),
    onSettled: () => invalidateToken(client),
  });
}

/** POST /api/tokens/{id}/deliveries/{deliveryId}/resend: the same webhook message again (same webhook-id). */
export function useResendDelivery(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: string) => api.post<unknown>(`${byToken(id)}/deliveries/${encodeURIComponent(deliveryId)}/resend`),
    onSettled: () => client.invalidateQueries({ queryKey: tokenKeys.detail(id) }),
  });
}
