/**
 * The credit activity (docs/product-rules.md#credit-activity): the ledger as a person reads it —
 * date, what, +/−, balance after — newest first. A generation's charge and its refund are two
 * lines (the refund says the job failed or was cancelled); a commit (a row of 0) is not a line.
 * The running balance is the ledger's sum up to each row, in the order rows were written.
 */
import * as v from 'valibot';
import { FEATURES } from '../../src/contract/tools.ts';
import type { ActivityItem, ActivityKind, ActivityPage } from '../../src/contract/billing.schema.ts';
import { ledgerActivity } from '../credits/ledger.ts';
import { decodeCursor as decodeKeys } from '../http/cursor.ts';
import type { Db } from './repository.ts';

const CursorSchema = v.tuple([v.pipe(v.string(), v.isoTimestamp()), v.pipe(v.string(), v.regex(/^\d{1,18}$/))]);

function decodeCursor(cursor: string): { at: Date; seq: string } {
  const [at, seq] = decodeKeys(cursor, CursorSchema);
  return { at: new Date(at), seq };
}

const isFeature = (text: string | undefined): text is string => text !== undefined && (FEATURES as readonly string[]).includes(text);

/** What a ledger row is, from its key (the ledger's key conventions) and its reason. */
export function describeRow(row: { kind: string; idempotency_key: string; reason: string }): {
  kind: ActivityKind;
  subject: string | null;
  generationId: string | null;
} {
  const key = row.idempotency_key;
  const firstWord = row.reason.split(' ')[0];
  const generation = /^gen:([^:]+):(reserve|refund)$/.exec(key);
  if (generation) {
    return { kind: generation[2] === 'reserve' ? 'generation' : 'refund', subject: isFeature(firstWord) ? firstWord : null, generationId: generation[1]! };
  }
  if (key === 'signup-grant') return { kind: 'signup', subject: 'free', generationId: null };
  if (key.startsWith('expire:')) return { kind: 'expiry', subject: firstWord ?? null, generationId: null };
  if (key.startsWith('cycle:')) return { kind: 'plan', subject: row.reason.split(' ')[1] ?? null, generationId: null };
  if (key.startsWith('order:')) return { kind: 'pack', subject: row.reason.split(' ')[1] ?? null, generationId: null };
  if (row.kind === 'adjustment') return { kind: 'adjustment', subject: null, generationId: null };
  if (row.kind === 'refund') return { kind: 'refund', subject: null, generationId: null };
  return { kind: 'grant', subject: null, generationId: null };
}

export async function creditActivity(db: Db, userId: string, cursor: string | undefined, limit: number): Promise<ActivityPage> {
  const after = cursor ? decodeCursor(cursor) : null;
  // One row more than the page: whether there is a next one.
  const found = await ledgerActivity(db, userId, after, limit + 1);
  const rows = found.slice(0, limit);
  const items: ActivityItem[] = rows.map((row) => {
    const described = describeRow(row);
    return {
      id: row.id,
      at: new Date(row.created_at).toISOString(),
      kind: described.kind,
      subject: described.subject,
      generation_id: described.generationId,
      amount: row.amount,
      balance_after: row.balance_after,
    };
  });
  const last = rows.at(-1);
  const next = found.length > limit && last ? Buffer.from(JSON.stringify([new Date(last.created_at).toISOString(), last.seq])).toString('base64url') : null;
  return { items, next_cursor: next };
}
