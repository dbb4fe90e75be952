/**
 * Generations' rules: submit (prerequisites, input ownership and types, price, idempotency, the
 * credit reservation and the enqueue in one transaction), read, list, cancel, delete, regenerate,
 * and the catalogue.
 *
 * Idempotency: a request with an `Idempotency-Key` the caller already used returns that first job
 * (the routes answer 200 instead of 202) and never charges again, also when both arrive at once:
 * the submit transaction locks the user's row, so the second waits and then finds the first. The
 * same key with another request (compared by a SHA-256 of the validated request) is refused.
 */
import { randomUUID } from 'node:crypto';
import * as v from 'valibot';
import {
  checkPrerequisites,
  GENERATION_PAGE_DEFAULT,
  GENERATION_PAGE_MAX,
  generationCost,
  PENDING_STATUSES,
  type GenerationStatus,
} from '../../src/contract/generations.ts';
import {
  GenerationRequestSchema,
  type Generation,
  type GenerationCatalog,
  type GenerationPage,
  type GenerationRequest,
} from '../../src/contract/generations.schema.ts';
import { EnginePlanSchema, notDoneCodes, planVerdict, type EnginePlan } from '../../src/contract/engine-plan.schema.ts';
import { GENERATION_MESSAGES, type GenerationMessageKey } from '../../src/contract/generation-messages.ts';
import { GENERATION_STAGES, type GenerationStage } from '../../src/contract/generation-stages.ts';
import type { EngineName } from '../../src/contract/expected-durations.ts';
import type { ExpectedDurations } from '../../src/contract/expected-durations.schema.ts';
import type { Feature } from '../../src/contract/tools.ts';
import { RecordIdSchema } from '../../src/contract/input.schema.ts';
import type { Asset } from '../../src/contract/media.schema.ts';
import type { MediaType } from '../../src/contract/media.ts';
import { authError } from '../auth/errors.ts';
import { assertGenerationAllowed, queuePriority } from '../billing/gates.ts';
import type { AccessTokenClaims } from '../auth/tokens.ts';
import type { Json } from '../db/schema.ts';
import { decodeCursor, encodeCursor } from '../http/cursor.ts';
import type { Logger } from '../logger.ts';
import type { AssetRow, MediaService } from '../media/types.ts';
import { buildCatalog } from './catalog.ts';
import { generationError, insufficientCredits, planRefusal } from './errors.ts';
import { createExpectedDurations } from './expected-durations.ts';
import type { GenerationJobs } from './jobs.ts';
import type { GenerationRow, GenerationsRepository, SubmitHook } from './repository.ts';
import { requestHash, sha256 } from './request-hash.ts';

export interface Caller {
  id: string;
  /**
   * The account's `users.plan`, as the request's guard read it with the account: the HD gate and
   * the queue priority of what it submits (server/billing/gates.ts).
   */
  plan: string;
}

export interface Submitted {
  generation: Generation;
  /** False when an Idempotency-Key returned an earlier job. */
  created: boolean;
}

export interface ListQuery {
  feature?: Feature | undefined;
  /** Only these features (the public API: a token's permitted ones). */
  features?: readonly Feature[] | undefined;
  status?: GenerationStatus | undefined;
  cursor?: string | undefined;
  limit?: number | undefined;
}

export interface GenerationsService {
  /** `inTransaction`: the caller's own writes in the submit's transaction (GenerationsRepository.submit). */
  submit(caller: Caller, request: GenerationRequest, idempotencyKey: string | null, inTransaction?: SubmitHook): Promise<Submitted>;
  regenerate(caller: Caller, id: string, idempotencyKey: string | null): Promise<Submitted>;
  /**
   * GET /api/generations/{id} in one database read: the token's account is checked in the same
   * query as the job (the route's guard only verified the token). `id` null: the path named no
   * job id, and gets an unknown id's answer after the same account check.
   * @throws CodedError 401 sessionExpired (account gone, token no longer valid); GenerationError 404 notFound
   */
  status(claims: Pick<AccessTokenClaims, 'sub'> & { sid: string }, id: string | null): Promise<Generation>;
  /** The caller's job. @throws GenerationError 404 notFound (also someone else's job) */
  get(caller: Caller, id: string): Promise<Generation>;
  list(caller: Caller, query: ListQuery): Promise<GenerationPage>;
  pending(caller: Caller): Promise<GenerationPage>;
  cancel(caller: Caller, id: string): Promise<Generation>;
  delete(caller: Caller, id: string): Promise<void>;
  /** @throws GenerationError 404 notFound (also someone else's job), 409 notShareable (sharing a job that has not completed) */
  share(caller: Caller, id: string, shared: boolean): Promise<Generation>;
  catalog(): GenerationCatalog;
  /** The wait to expect per tool on its engine, measured (expected-durations.ts). */
  expectedDurations(): Promise<ExpectedDurations>;
}

export interface GenerationsServiceDeps {
  repository: GenerationsRepository;
  jobs: GenerationJobs;
  media: MediaService;
  /** The engine that runs a feature (config.engines). */
  engineFor: (feature: Feature) => EngineName;
  /**
   * What that engine will do of a request, or the input it lacks (Engine.plan); null when it does
   * whatever it is asked.
   */
  planOf: (engine: EngineName, request: GenerationRequest) => EnginePlan | { missing: GenerationMessageKey } | null;
  /** Stops a run in this process at once on cancel (other processes notice through the row). */
  abortLocalRun: (id: string) => void;
  timeoutSeconds: (feature: Feature) => number;
  logger: Logger;
  now: () => number;
}

const image = (id: string | null | undefined): Array<{ id: string; type: MediaType }> => (id ? [{ id, type: 'image' }] : []);

/** Every input asset a request names, with the media type it must have. */
function assetRefs(request: GenerationRequest): Array<{ id: string; type: MediaType }> {
  switch (request.feature) {
    case 'virtual-tryon':
      return [...image(request.inputs.model), ...request.inputs.garments.flatMap((garment) => image(garment.asset_id))];
    case 'image-editing':
      return request.inputs.images.flatMap((id) => image(id));
    case 'body-generator':
      return image(request.inputs.face);
    case 'hairstyle-changer':
      return [...image(request.inputs.image), ...image(request.inputs.mask), ...image(request.inputs.reference)];
    case 'image-to-video':
    case 'upscaler-image':
      return image(request.inputs.image);
    case 'upscaler-video':
      return request.inputs.video ? [{ id: request.inputs.video, type: 'video' }] : [];
  }
}

const CursorSchema = v.tuple([v.pipe(v.string(), v.isoTimestamp()), RecordIdSchema]);

const encodeRowCursor = (row: GenerationRow): string => encodeCursor([row.created_at.toISOString(), row.id]);

function decodeRowCursor(cursor: string): { createdAt: Date; id: string } {
  const [createdAt, id] = decodeCursor(cursor, CursorSchema);
  return { createdAt: new Date(createdAt), id };
}

const STAGE_KEYS = new Set(Object.keys(GENERATION_STAGES));

/** A row's engine plan, or null (none recorded, or one this version cannot read). */
function planOf(row: GenerationRow): EnginePlan | null {
  if (row.plan === null) return null;
  const parsed = v.safeParse(EnginePlanSchema, row.plan);
  return parsed.success ? parsed.output : null;
}

/** The API view of a row, given (at least) its owner's assets it names. */
export function toGeneration(row: GenerationRow, assetRows: readonly AssetRow[], media: Pick<MediaService, 'toApiAsset'>): Generation {
  const assets = new Map<string, Asset>();
  for (const asset of assetRows) assets.set(asset.id, media.toApiAsset(asset));
  const pick = (list: readonly string[]) => list.flatMap((id) => assets.get(id) ?? []);
  const pending = (PENDING_STATUSES as readonly string[]).includes(row.status);
  return {
    id: row.id,
    feature: row.feature as Feature,
    status: row.status,
    stage: pending ? ((row.stage && STAGE_KEYS.has(row.stage) ? row.stage : 'queued') as GenerationStage) : null,
    progress: row.status === 'completed' ? 100 : row.progress,
    inputs: row.inputs,
    params: row.params,
    input_assets: pick(row.input_asset_ids),
    results: pick(row.result_asset_ids),
    cost: row.cost,
    plan: planOf(row),
    engine: row.engine as EngineName,
    error: row.error_code ? { code: row.error_code, message: row.error_message ?? GENERATION_MESSAGES.generationFailed } : null,
    regenerated_from: row.regenerated_from,
    shared: row.shared_at !== null,
    created_at: row.created_at.toISOString(),
    started_at: row.started_at?.toISOString() ?? null,
    finished_at: row.finished_at?.toISOString() ?? null,
    processing_ms: row.started_at && row.finished_at ? Math.max(0, row.finished_at.getTime() - row.started_at.getTime()) : null,
  };
}

export function createGenerationsService(deps: GenerationsServiceDeps): GenerationsService {
  const { repository, media } = deps;
  const now = () => new Date(deps.now());
  const expectedDurations = createExpectedDurations({ recent: repository.recentDurations, engineFor: deps.engineFor, now: deps.now });

  /** The API view of rows, with their input and result assets fetched in one query. */
  async function toApi(userId: string, rows: readonly GenerationRow[]): Promise<Generation[]> {
    const ids = [...new Set(rows.flatMap((row) => [...row.input_asset_ids, ...row.result_asset_ids]))];
    const assets = ids.length > 0 ? await media.findOwned(userId, ids) : [];
    return rows.map((row) => toGeneration(row, assets, media));
  }

  const one = async (userId: string, row: GenerationRow): Promise<Generation> => {
    const [generation] = await toApi(userId, [row]);
    if (!generation) throw new Error('toApi lost a row');
    return generation;
  };

  async function owned(caller: Caller, id: string): Promise<GenerationRow> {
    const row = await repository.findOwned(caller.id, id);
    if (!row) throw generationError(404, 'notFound');
    return row;
  }

  /** An earlier job of this Idempotency-Key, or a mismatch error; null for a new key. */
  async function earlier(caller: Caller, key: string | null, hash: string): Promise<Submitted | null> {
    if (key === null) return null;
    const row = await repository.findByIdempotencyKey(caller.id, key);
    if (!row) return null;
    if (row.request_hash !== hash) throw generationError(400, 'idempotencyMismatch');
    return { generation: await one(caller.id, row), created: false };
  }

  async function create(
    caller: Caller,
    request: GenerationRequest,
    key: string | null,
    hash: string,
    regeneratedFrom: string | null,
    hook?: SubmitHook,
  ): Promise<Submitted> {
    const missing = checkPrerequisites(request);
    if (missing) throw generationError(422, missing);
    // Before anything is read, charged or written: a refused request leaves no trace.
    assertGenerationAllowed(caller.plan, request);

    const refs = assetRefs(request);
    const ids = [...new Set(refs.map((ref) => ref.id))];
    const rows = new Map<string, AssetRow>();
    if (ids.length > 0) for (const row of await media.findOwned(caller.id, ids)) rows.set(row.id, row);
    for (const ref of refs) {
      const row = rows.get(ref.id);
      // Someone else's asset is answered exactly like an unknown one.
      if (!row) throw generationError(422, 'assetNotFound');
      if (row.media_type !== ref.type) throw generationError(422, 'wrongAssetType');
    }
    // What the engine will do of it, from the request alone (docs/product-rules.md#engine-plan):
    // nothing → refused; only part → refused unless the request accepted the rest. No charge, no job.
    const engine = deps.engineFor(request.feature);
    const assessed = deps.planOf(engine, request);
    if (assessed && 'missing' in assessed) throw generationError(422, assessed.missing);
    const plan = assessed;
    const verdict = plan ? planVerdict(plan, request.accept_not_done) : 'go';
    if (plan && verdict !== 'go') throw planRefusal(verdict, plan);

    const video = request.feature === 'upscaler-video' && request.inputs.video ? rows.get(request.inputs.video) : undefined;
    const cost = generationCost(request, (video?.duration_ms ?? 0) / 1_000, engine);

    const id = randomUUID();
    const outcome = await repository.submit(
      {
        id,
        userId: caller.id,
        feature: request.feature,
        inputs: request.inputs as { [key: string]: Json },
        params: request.params as { [key: string]: Json },
        inputAssetIds: ids,
        cost,
        engine,
        plan,
        idempotencyKey: key,
        requestHash: hash,
        regeneratedFrom,
        createdAt: now(),
      },
      (trx) => deps.jobs.send(id, deps.timeoutSeconds(request.feature), trx, queuePriority(caller.plan)),
      hook,
    );
    switch (outcome.kind) {
      case 'created':
        deps.logger.info({ generationId: id, feature: request.feature, cost, userId: caller.id }, 'generation queued');
        deps.jobs.wake();
        return { generation: await one(caller.id, outcome.row), created: true };
      case 'existing':
        return { generation: await one(caller.id, outcome.row), created: false };
      case 'mismatch':
        throw generationError(400, 'idempotencyMismatch');
      case 'insufficient':
        throw insufficientCredits(outcome.balance, cost);
      case 'noUser':
        throw generationError(404, 'notFound');
    }
  }

  return {
    async submit(caller, request, key, inTransaction) {
      const hash = requestHash(request);
      return (await earlier(caller, key, hash)) ?? create(caller, request, key, hash, null, inTransaction);
    },

    async regenerate(caller, id, key) {
      const source = await owned(caller, id);
      const hash = sha256(`regenerate:${source.id}`);
      const repeated = await earlier(caller, key, hash);
      if (repeated) return repeated;
      // What the source job's owner accepted as not done is accepted again: the same request, the same plan.
      const accepted = planOf(source);
      const request = v.parse(GenerationRequestSchema, {
        feature: source.feature,
        inputs: source.inputs,
        params: source.params,
        ...(accepted ? { accept_not_done: notDoneCodes(accepted) } : {}),
      });
      return create(caller, request, key, hash, source.id);
    },

    async status(claims, id) {
      const found = await repository.readStatus(claims, id, now());
      // Exactly the guard's answer for a deleted account or a token that no longer counts.
      if (!found?.tokenValid) throw authError(401, 'sessionExpired');
      if (!found.generation) throw generationError(404, 'notFound');
      return toGeneration(found.generation.row, found.generation.assets, media);
    },

    // One read, the job with its assets (the public API's status poll; docs/product-rules.md#public-api).
    async get(caller, id) {
      const found = await repository.readOwned(caller.id, id);
      if (!found) throw generationError(404, 'notFound');
      return toGeneration(found.row, found.assets, media);
    },

    async list(caller, query) {
      const limit = query.limit ?? GENERATION_PAGE_DEFAULT;
      const filter: Parameters<GenerationsRepository['list']>[1] = { limit: limit + 1 };
      if (query.feature) filter.feature = query.feature;
      if (query.features) filter.features = query.features;
      if (query.status) filter.status = query.status;
      if (query.cursor) filter.before = decodeRowCursor(query.cursor);
      const rows = await repository.list(caller.id, filter);
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      return { items: await toApi(caller.id, page), next_cursor: rows.length > limit && last ? encodeRowCursor(last) : null };
    },

    async pending(caller) {
      return { items: await toApi(caller.id, await repository.pending(caller.id, GENERATION_PAGE_MAX)), next_cursor: null };
    },

    async cancel(caller, id) {
      const outcome = await repository.cancel(caller.id, id, { code: 'cancelled', message: GENERATION_MESSAGES.cancelled }, now());
      if (outcome.kind === 'notFound') throw generationError(404, 'notFound');
      if (outcome.kind === 'ended') throw generationError(409, 'notCancellable');
      if (outcome.previous === 'queued') {
        // Best effort: a worker that fetches it anyway finds the row cancelled and skips it.
        await deps.jobs.cancel(id).catch((error: unknown) => deps.logger.warn({ err: error, generationId: id }, 'could not cancel the queue job'));
      }
      deps.abortLocalRun(id);
      deps.logger.info({ generationId: id, was: outcome.previous }, 'generation cancelled');
      return one(caller.id, outcome.row);
    },

    async delete(caller, id) {
      const outcome = await repository.delete(caller.id, id);
      if (outcome.kind === 'notFound') throw generationError(404, 'notFound');
      if (outcome.kind === 'running') throw generationError(409, 'stillRunning');
      if (outcome.resultAssetIds.length > 0) await media.deleteAssets(caller.id, outcome.resultAssetIds);
      // Deleted before the recovery pass removed what a dead run had stored: nothing records it now.
      if (outcome.staged) await media.discardResults(media.readStaged(outcome.staged));
    },

    async share(caller, id, shared) {
      const outcome = await repository.share(caller.id, id, shared, now());
      if (outcome.kind === 'notFound') throw generationError(404, 'notFound');
      if (outcome.kind === 'notCompleted') throw generationError(409, 'notShareable');
      return one(caller.id, outcome.row);
    },

    catalog: () => buildCatalog(deps.engineFor('image-to-video')),
    expectedDurations,
  };
}
