/**
 * Generations' SQL: the job rows and the credit ledger entries that go with them.
 *
 * Credits (through the ledger, server/credits/ledger.ts): a submit reserves the cost; the job then
 * ends with a commit (completed: the reservation stands) or a refund of the cost (failed,
 * cancelled, timed out). Their idempotency keys `gen:<id>:reserve|commit|refund` make each happen
 * at most once, whoever writes it.
 *
 * Every change of state is a conditional update (`WHERE status IN (…)`), and a run's writes are
 * also fenced by its attempt number, so a late or superseded worker cannot overwrite a cancel or
 * a newer run, and a job reaches exactly one terminal state.
 */
import { sql, type Selectable, type Transaction } from 'kysely';
import type { EnginePlan } from '../../src/contract/engine-plan.schema.ts';
import type { Feature } from '../../src/contract/tools.ts';
import type { GenerationStatus } from '../../src/contract/generations.ts';
import { liveSession } from '../auth/sessions.ts';
import { creditLedger } from '../credits/ledger.ts';
import type { AccessTokenClaims } from '../auth/tokens.ts';
import type { Database } from '../db/connection.ts';
import type { AssetsTable, Json, Tables } from '../db/schema.ts';
import { createRunStore, ENDED, ledgerKey, PENDING, refundIn, type Failure, type GenerationRow, type RunStore } from './run-repository.ts';

export { ledgerKey, type Failure, type GenerationRow };

type AssetRow = Selectable<AssetsTable>;

/**
 * What the job-status read finds for a token and a job id: nothing when the token's account is
 * gone; else whether the token still counts for it, and the job (undefined when it is unknown or
 * someone else's) with its owner's input and result assets.
 */
export type StatusRead = { tokenValid: boolean; generation?: { row: GenerationRow; assets: AssetRow[] } } | undefined;

export interface NewGeneration {
  id: string;
  userId: string;
  feature: Feature;
  inputs: { [key: string]: Json };
  params: { [key: string]: Json };
  inputAssetIds: string[];
  cost: number;
  engine: string;
  idempotencyKey: string | null;
  requestHash: string;
  regeneratedFrom: string | null;
  /** What the engine will do and not do of the request (docs/product-rules.md#engine-plan); null when it does all. */
  plan: EnginePlan | null;
  createdAt: Date;
}

export type SubmitOutcome =
  | { kind: 'created'; row: GenerationRow }
  /** The Idempotency-Key was used before with the same request: its job. */
  | { kind: 'existing'; row: GenerationRow }
  /** The Idempotency-Key was used before with another request. */
  | { kind: 'mismatch' }
  | { kind: 'insufficient'; balance: number }
  | { kind: 'noUser' };

/** Extra writes of a submit, in its transaction, given the inserted job (see `submit`). */
export type SubmitHook = (trx: Transaction<Tables>, row: GenerationRow) => Promise<void>;

export interface ListFilter {
  feature?: Feature;
  /** Only these features (an API token's permitted ones); none when empty. */
  features?: readonly Feature[];
  status?: GenerationStatus;
  /** Strictly older than this (created_at, id). */
  before?: { createdAt: Date; id: string };
  limit: number;
}

export type ShareOutcome = { kind: 'changed'; row: GenerationRow } | { kind: 'notFound' } | { kind: 'notCompleted' };

export type CancelOutcome = { kind: 'cancelled'; previous: GenerationStatus; row: GenerationRow } | { kind: 'notFound' } | { kind: 'ended' };
export type DeleteOutcome =
  /** `staged`: results a run stored that never became assets (their files are to be removed). */
  { kind: 'deleted'; resultAssetIds: string[]; keptAssetIds: string[]; staged: Json[] | null } | { kind: 'notFound' } | { kind: 'running' };

/** The job rows as the API and the owner see them; the runs' writes and the recovery's reads are the RunStore's (./run-repository.ts). */
export interface GenerationsRepository extends RunStore {
  /**
   * In one transaction: locks the user (so concurrent submits of one person are serialized and
   * the balance can never go negative), honours the Idempotency-Key, checks the balance, writes
   * the reservation and the job, and calls `enqueue` inside the same transaction. `inTransaction`
   * runs after the job's insert, before the enqueue, in the same transaction: what a caller records
   * with the job (the public API's token cap and link); whatever it throws rolls everything back.
   */
  submit(generation: NewGeneration, enqueue: (trx: Transaction<Tables>) => Promise<void>, inTransaction?: SubmitHook): Promise<SubmitOutcome>;
  findByIdempotencyKey(userId: string, key: string): Promise<GenerationRow | undefined>;
  findOwned(userId: string, id: string): Promise<GenerationRow | undefined>;
  findById(id: string): Promise<GenerationRow | undefined>;
  /**
   * The job-status read in ONE statement: the token's account with its session's validity
   * (liveSession, server/auth/sessions.ts) at `now`, the job if it is that account's, and its assets.
   * `id` null reads the account alone (no job matches).
   */
  readStatus(claims: Pick<AccessTokenClaims, 'sub'> & { sid: string }, id: string | null, now: Date): Promise<StatusRead>;
  /** The owner's job and the assets it names, in one read (GET /v1/generations/{id}); undefined: no such job of the owner. */
  readOwned(userId: string, id: string): Promise<{ row: GenerationRow; assets: AssetRow[] } | undefined>;
  list(userId: string, filter: ListFilter): Promise<GenerationRow[]>;
  /**
   * What the event streams watch, for all of them in one statement: the pending jobs of `userIds`,
   * the jobs among `ids` (last seen pending: did they end?), and their jobs created after
   * `createdAfter` that finished after `finishedAfter` (started and ended between two looks).
   */
  watched(userIds: readonly string[], ids: readonly string[], createdAfter: Date, finishedAfter: Date): Promise<GenerationRow[]>;
  pending(userId: string, limit: number): Promise<GenerationRow[]>;
  /** The newest completed jobs of a tool on an engine (all accounts): seconds from submit to result, and garments (engine passes). */
  recentDurations(feature: Feature, engine: string, limit: number): Promise<{ seconds: number; passes: number }[]>;
  balance(userId: string): Promise<number>;

  /** queued or processing → cancelled, and the refund, for the owner only. */
  cancel(userId: string, id: string, failure: Failure, now: Date): Promise<CancelOutcome>;
  /**
   * Shares a completed job's result in the community feed from `at` (kept when already shared),
   * or stops sharing (any job of the owner).
   */
  share(userId: string, id: string, shared: boolean, at: Date): Promise<ShareOutcome>;
  /** Deletes an ended job; reports which of its results no other job of the owner uses as input. */
  delete(userId: string, id: string): Promise<DeleteOutcome>;
}

/** Timestamps come back from row_to_json() as ISO text: the row as the driver would have read it. */
const toDate = (value: unknown): Date => new Date(value as string);
const toDateOrNull = (value: unknown): Date | null => (value === null || value === undefined ? null : toDate(value));

function fromJsonRow(json: GenerationRow): GenerationRow {
  return {
    ...json,
    created_at: toDate(json.created_at),
    started_at: toDateOrNull(json.started_at),
    finished_at: toDateOrNull(json.finished_at),
    heartbeat_at: toDateOrNull(json.heartbeat_at),
    shared_at: toDateOrNull(json.shared_at),
  };
}

function assetFromJson(json: AssetRow): AssetRow {
  return { ...json, created_at: toDate(json.created_at) };
}

export function createGenerationsRepository(database: Database): GenerationsRepository {
  const db = database.kysely;

  return {
    async submit(generation, enqueue, inTransaction) {
      return db.transaction().execute(async (trx): Promise<SubmitOutcome> => {
        const ledger = creditLedger(trx);
        if (!(await ledger.lockAccount(generation.userId))) return { kind: 'noUser' };
        if (generation.idempotencyKey !== null) {
          const existing = await trx
            .selectFrom('generations')
            .selectAll()
            .where('user_id', '=', generation.userId)
            .where('idempotency_key', '=', generation.idempotencyKey)
            .executeTakeFirst();
          if (existing) return existing.request_hash === generation.requestHash ? { kind: 'existing', row: existing } : { kind: 'mismatch' };
        }
        const charged = await ledger.reserve({
          userId: generation.userId,
          amount: generation.cost,
          key: ledgerKey(generation.id, 'reserve'),
          reason: `${generation.feature} reserved`,
          at: generation.createdAt,
        });
        if (charged.kind === 'insufficient') return charged;
        const row = await trx
          .insertInto('generations')
          .values({
            id: generation.id,
            user_id: generation.userId,
            feature: generation.feature,
            status: 'queued',
            stage: 'queued',
            progress: 0,
            inputs: JSON.stringify(generation.inputs),
            params: JSON.stringify(generation.params),
            input_asset_ids: JSON.stringify(generation.inputAssetIds),
            result_asset_ids: '[]',
            cost: generation.cost,
            engine: generation.engine,
            idempotency_key: generation.idempotencyKey,
            request_hash: generation.requestHash,
            regenerated_from: generation.regeneratedFrom,
            plan: generation.plan ? JSON.stringify(generation.plan) : null,
            created_at: generation.createdAt,
            started_at: null,
            finished_at: null,
            error_code: null,
            error_message: null,
            external_id: null,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        await inTransaction?.(trx, row);
        await enqueue(trx);
        return { kind: 'created', row };
      });
    },

    findByIdempotencyKey: (userId, key) =>
      db.selectFrom('generations').selectAll().where('user_id', '=', userId).where('idempotency_key', '=', key).executeTakeFirst(),
    findOwned: (userId, id) => db.selectFrom('generations').selectAll().where('user_id', '=', userId).where('id', '=', id).executeTakeFirst(),
    findById: (id) => db.selectFrom('generations').selectAll().where('id', '=', id).executeTakeFirst(),

    async readOwned(userId, id) {
      const found = await db
        .selectFrom('generations as g')
        .select(sql<GenerationRow>`row_to_json(g)`.as('generation'))
        .select(
          sql<AssetRow[]>`(select coalesce(json_agg(a), '[]'::json) from assets a
            where a.id = any(array(select jsonb_array_elements_text(g.input_asset_ids || g.result_asset_ids))) and a.user_id = g.user_id)`.as('assets'),
        )
        .where('g.id', '=', id)
        .where('g.user_id', '=', userId)
        .executeTakeFirst();
      return found ? { row: fromJsonRow(found.generation), assets: found.assets.map(assetFromJson) } : undefined;
    },

    async readStatus(claims, id, now) {
      const found = await db
        .selectFrom('users')
        .leftJoin('generations as g', (join) => (id === null ? join.on(sql<boolean>`false`) : join.on('g.id', '=', id).onRef('g.user_id', '=', 'users.id')))
        .select(liveSession(claims.sid, claims.sub, now).as('token_valid'))
        // json, not jsonb: nothing to index or compare, and cheaper to build (measured on PGlite).
        .select(sql<GenerationRow | null>`row_to_json(g)`.as('generation'))
        // The owner's assets the job names (inputs and results), by primary key; none for no job.
        .select(
          sql<AssetRow[]>`(select coalesce(json_agg(a), '[]'::json) from assets a
            where a.id = any(array(select jsonb_array_elements_text(g.input_asset_ids || g.result_asset_ids))) and a.user_id = users.id)`.as('assets'),
        )
        .where('users.id', '=', claims.sub)
        .executeTakeFirst();
      if (!found) return undefined;
      const tokenValid = Boolean(found.token_valid);
      if (!found.generation) return { tokenValid };
      return { tokenValid, generation: { row: fromJsonRow(found.generation), assets: found.assets.map(assetFromJson) } };
    },

    list(userId, filter) {
      let query = db.selectFrom('generations').selectAll().where('user_id', '=', userId);
      if (filter.feature) query = query.where('feature', '=', filter.feature);
      if (filter.features) query = filter.features.length > 0 ? query.where('feature', 'in', [...filter.features]) : query.where(sql<boolean>`false`);
      if (filter.status) query = query.where('status', '=', filter.status);
      const before = filter.before;
      if (before) query = query.where((eb) => eb(eb.refTuple('created_at', 'id'), '<', eb.tuple(before.createdAt, before.id)));
      return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(filter.limit).execute();
    },

    async watched(userIds, ids, createdAfter, finishedAfter) {
      if (userIds.length === 0) return [];
      return db
        .selectFrom('generations')
        .selectAll()
        .where('user_id', 'in', [...userIds])
        .where((eb) => {
          const any = [eb('status', 'in', PENDING), eb.and([eb('created_at', '>', createdAfter), eb('finished_at', '>', finishedAfter)])];
          if (ids.length > 0) any.push(eb('id', 'in', [...ids]));
          return eb.or(any);
        })
        .execute();
    },

    recentDurations: async (feature, engine, limit) => {
      const rows = await db
        .selectFrom('generations')
        .select(['created_at', 'finished_at', 'inputs'])
        .where('feature', '=', feature)
        .where('engine', '=', engine)
        .where('status', '=', 'completed')
        .where('finished_at', 'is not', null)
        .orderBy('finished_at', 'desc')
        .limit(limit)
        .execute();
      return rows.map((row) => {
        const inputs = (typeof row.inputs === 'string' ? JSON.parse(row.inputs) : row.inputs) as { garments?: unknown };
        const seconds = Math.max(0, (new Date(row.finished_at!).getTime() - new Date(row.created_at).getTime()) / 1_000);
        return { seconds, passes: Array.isArray(inputs.garments) ? inputs.garments.length : 1 };
      });
    },

    pending: (userId, limit) =>
      db
        .selectFrom('generations')
        .selectAll()
        .where('user_id', '=', userId)
        .where('status', 'in', PENDING)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute(),

    balance: (userId) => creditLedger(db).balance(userId),

    cancel: (userId, id, failure, now) =>
      db.transaction().execute(async (trx): Promise<CancelOutcome> => {
        const current = await trx.selectFrom('generations').selectAll().where('id', '=', id).where('user_id', '=', userId).forUpdate().executeTakeFirst();
        if (!current) return { kind: 'notFound' };
        if (ENDED.includes(current.status)) return { kind: 'ended' };
        const row = await trx
          .updateTable('generations')
          .set({ status: 'cancelled', stage: null, error_code: failure.code, error_message: failure.message, finished_at: now })
          .where('id', '=', id)
          .where('status', 'in', PENDING)
          .returningAll()
          .executeTakeFirstOrThrow();
        await refundIn(trx, row, now, 'cancelled');
        return { kind: 'cancelled', previous: current.status, row };
      }),

    async share(userId, id, shared, at) {
      let update = db
        .updateTable('generations')
        .set((eb) => ({ shared_at: shared ? eb.fn.coalesce('shared_at', eb.val(at)) : null }))
        .where('id', '=', id)
        .where('user_id', '=', userId);
      if (shared) update = update.where('status', '=', 'completed');
      const row = await update.returningAll().executeTakeFirst();
      if (row) return { kind: 'changed', row };
      const exists = await db.selectFrom('generations').select('id').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
      return exists ? { kind: 'notCompleted' } : { kind: 'notFound' };
    },

    delete: (userId, id) =>
      db.transaction().execute(async (trx): Promise<DeleteOutcome> => {
        const current = await trx.selectFrom('generations').selectAll().where('id', '=', id).where('user_id', '=', userId).forUpdate().executeTakeFirst();
        if (!current) return { kind: 'notFound' };
        if (PENDING.includes(current.status)) return { kind: 'running' };
        const results = current.result_asset_ids;
        let used: string[] = [];
        if (results.length > 0) {
          const rows = await sql<{ asset_id: string }>`
            select distinct element.value as asset_id
            from generations g, jsonb_array_elements_text(g.input_asset_ids) as element(value)
            where g.user_id = ${userId} and g.id <> ${id} and element.value = any(${results}::text[])
          `.execute(trx);
          used = rows.rows.map((row) => row.asset_id);
        }
        await trx.deleteFrom('generations').where('id', '=', id).execute();
        return { kind: 'deleted', resultAssetIds: results.filter((asset) => !used.includes(asset)), keptAssetIds: used, staged: current.staged_results };
      }),

    ...createRunStore(db),
  };
}
