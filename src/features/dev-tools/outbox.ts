import { queryOptions } from '@tanstack/react-query';
import * as v from 'valibot';
import { OutboxResponseSchema, type OutboxMail } from '../../contract/dev-tools.schema.ts';
import { api, ApiError } from '../../lib/api.ts';

/**
 * The outbox, or why it cannot be read: `off` when the server answers 404 (it sends mail through
 * SMTP and dev tools are off), `remote` when it answers 403 (it serves the outbox only to
 * requests made on its own machine).
 */
export type OutboxState = { enabled: true; mails: OutboxMail[] } | { enabled: false; reason: 'off' | 'remote' };

export const outboxQueryOptions = () =>
  queryOptions({
    queryKey: ['dev-tools', 'outbox'] as const,
    queryFn: async ({ signal }): Promise<OutboxState> => {
      try {
        const body = v.parse(OutboxResponseSchema, await api.get('/api/dev-tools/outbox', { signal }));
        return { enabled: true, mails: sortNewestFirst(body.mails) };
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return { enabled: false, reason: 'off' };
        if (error instanceof ApiError && error.status === 403) return { enabled: false, reason: 'remote' };
        throw error;
      }
    },
    // A developer waiting for a code: look again every few seconds while the page is open.
    refetchInterval: 5_000,
    staleTime: 0,
    retry: 1,
  });

export function sortNewestFirst(mails: readonly OutboxMail[]): OutboxMail[] {
  return mails.toSorted((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
}

/** Splits text into plain parts and http(s) links, so the mail's links can be followed. */
export function linkify(text: string): { text: string; href?: string }[] {
  const parts: { text: string; href?: string }[] = [];
  const pattern = /https?:\/\/[^\s<>"']+/g;
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    const start = match.index;
    if (start > last) parts.push({ text: text.slice(last, start) });
    // A sentence's final punctuation is not part of the link.
    const url = match[0].replace(/[.,;:!?)]+$/, '');
    parts.push({ text: url, href: url });
    last = start + url.length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}
