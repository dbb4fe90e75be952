/** What the tests tell about a statement the app sent to the database through Kysely. */
import type { RootOperationNode } from 'kysely';

/** A statement: its Kysely node kind (raw SQL is `RawNode`), and whether it writes. */
export interface Statement {
  kind: string;
  writes: boolean;
}

const WRITE_NODES = new Set(['InsertQueryNode', 'UpdateQueryNode', 'DeleteQueryNode', 'MergeQueryNode']);
/** A raw statement writes when it (or one of its CTEs) inserts, updates or deletes. */
const WRITE_SQL = /\b(insert\s+into|update\s+\w+(\s+\w+)?\s+set|delete\s+from)\b/i;

export function describeStatement(node: RootOperationNode): Statement {
  const writes = WRITE_NODES.has(node.kind) || (node.kind === 'RawNode' && WRITE_SQL.test(node.sqlFragments.join('?')));
  return { kind: node.kind, writes };
}
