/**
 * What the spawned generations processes leave to check (tests/server/fixtures/
 * generations-engine.ts): the run log, one line per engine run as it starts, and the ledger.
 */
import { readFile } from 'node:fs/promises';
import { expect } from 'vitest';
import type { Database } from '../../../server/db/connection.ts';

export interface LoggedRun {
  pid: string;
  id: string;
  attempt: number;
}

/** The runs of the log (`<pid> <generation id> <attempt>`); `held` lines are left out (see holds). */
export async function readRuns(runLog: string): Promise<LoggedRun[]> {
  return (await readLines(runLog))
    .filter((fields) => fields[2] !== 'held')
    .map(([pid = '', id = '', attempt = '0']) => ({ pid, id, attempt: Number(attempt) }));
}

/** The jobs a worker was holding before its claim (`<pid> <generation id> held`). */
export async function readHolds(runLog: string): Promise<Array<{ pid: string; id: string }>> {
  return (await readLines(runLog)).filter((fields) => fields[2] === 'held').map(([pid = '', id = '']) => ({ pid, id }));
}

async function readLines(runLog: string): Promise<string[][]> {
  const text = await readFile(runLog, 'utf8').catch(() => '');
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => line.split(' '));
}

interface LedgerRow {
  kind: string;
  amount: number;
  idempotency_key: string;
}

/** `job`'s own ledger rows: one reserve; completed → one commit (0); failed or cancelled → one refund. */
export function expectJobEntries(job: { id: string; status: string; cost: number }, ledger: readonly LedgerRow[]): void {
  const rows = ledger
    .filter((row) => row.idempotency_key.startsWith(`gen:${job.id}:`))
    .map((row) => `${row.kind}:${row.amount}`)
    .toSorted();
  const end = job.status === 'completed' ? 'commit:0' : `refund:${job.cost}`;
  expect(rows, job.id).toEqual([end, `reserve:${-job.cost}`].toSorted());
}

/** Every job of `userId` has its entries (expectJobEntries), and the balance matches. */
export async function expectExactLedger(database: Database, userId: string, grant: number): Promise<void> {
  const jobs = await database.kysely.selectFrom('generations').select(['id', 'status', 'cost']).where('user_id', '=', userId).execute();
  const ledger = await database.kysely.selectFrom('credit_ledger').select(['kind', 'amount', 'idempotency_key']).where('user_id', '=', userId).execute();
  for (const job of jobs) expectJobEntries(job, ledger);
  const spent = jobs.filter((job) => job.status === 'completed').reduce((sum, job) => sum + job.cost, 0);
  expect(ledger.reduce((sum, row) => sum + row.amount, 0)).toBe(grant - spent);
}
