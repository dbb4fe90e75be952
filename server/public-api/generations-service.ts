/**
 * The rules of /v1 generations: the same jobs, ledger and queue as the studios
 * (GenerationsService), called for the account of an API token, plus what the public API adds —
 * the token's service permissions, the Idempotency-Key kept 24 h (./idempotency.ts), the token's
 * credit cap and the job's webhook target (./credit-cap-repository.ts), and absolute asset URLs.
 *
 * Permissions (docs/product-rules.md#api-tokens): a job whose service (`serviceOf(feature)`) the
 * token lacks is refused 403 before anything is read or written for a submit; for a read or a
 * cancel, after the ownership check (someone else's job is 404 like an unknown one, whatever the
 * token's permissions). A list shows only the features the token may use.
 */
import { FEATURES, type Feature } from '../../src/contract/tools.ts';
import type { Generation, GenerationPage, GenerationRequest } from '../../src/contract/generations.schema.ts';
import type { GenerationStatus } from '../../src/contract/generations.ts';
import type { Asset } from '../../src/contract/media.schema.ts';
import type { V1GenerationRequest } from '../../src/contract/public-api.schema.ts';
import { serviceOf } from '../../src/contract/tokens.ts';
import type { Database } from '../db/connection.ts';
import { requestHash } from '../generations/request-hash.ts';
import type { Caller, GenerationsService, Submitted } from '../generations/service.ts';
import { recordApiGeneration, reserveOnCap, type WebhookTarget } from './credit-cap-repository.ts';
import { publicApiError } from './errors.ts';
import { createV1Idempotency, type Claim } from './idempotency-repository.ts';
import type { ApiTokenContext } from './types.ts';
import { isAllowedWebhookUrl, type WebhookUrlPolicy } from '../tokens/webhook-url.ts';

/** `publicUrl` without its trailing slashes, ready to prefix a path. */
const origin = (publicUrl: string): string => publicUrl.replace(/\/+$/, '');

/** An asset with absolute links (the API's are paths of this server): what an integrator can fetch. */
export function absoluteAsset(asset: Asset, publicUrl: string): Asset {
  const base = origin(publicUrl);
  return { ...asset, url: base + asset.url, thumbnail_url: base + asset.thumbnail_url, poster_url: asset.poster_url === null ? null : base + asset.poster_url };
}

/** A job as /v1 answers it (GET /v1/generations/{id}, and the webhook's `data.generation`). */
export function v1Generation(generation: Generation, publicUrl: string): Generation {
  const absolute = (asset: Asset) => absoluteAsset(asset, publicUrl);
  return { ...generation, input_assets: generation.input_assets.map(absolute), results: generation.results.map(absolute) };
}

export interface V1ListQuery {
  feature?: Feature | undefined;
  status?: GenerationStatus | undefined;
  cursor?: string | undefined;
  limit?: number | undefined;
}

/** The account's jobs as the studios' service has them (relative links: the routes make them absolute on the request's origin). */
export interface V1Generations {
  /**
   * @throws CodedError 403 serviceNotAllowed, 422 invalidWebhookUrl, 409 idempotencyInProgress,
   *   422 idempotencyMismatch, 402 creditCapReached; and the studios' submit errors (402
   *   insufficientCredits, 422 prerequisites, 403 planRequired…)
   */
  submit(token: ApiTokenContext, request: V1GenerationRequest, idempotencyKey: string | null): Promise<Submitted>;
  get(token: ApiTokenContext, id: string): Promise<Generation>;
  list(token: ApiTokenContext, query: V1ListQuery): Promise<GenerationPage>;
  cancel(token: ApiTokenContext, id: string): Promise<Generation>;
}

export interface V1GenerationsDeps {
  database: Database;
  generations: GenerationsService;
  /**
   * PUBLIC_URL: asset links are made absolute on the request's origin (server/http/origin.ts),
   * which is this when it is set or the request's is not this server.
   */
  publicUrl: string;
  /** Where a request's webhook_url may point (NODE_ENV is not production: local receivers too). */
  webhookPolicy: WebhookUrlPolicy;
  /** ms since the epoch (the Idempotency-Key's age); tests move it. Defaults to Date.now. */
  now?: () => number;
}

const callerOf = (token: ApiTokenContext): Caller => ({ id: token.userId, plan: token.plan });
const allows = (token: ApiTokenContext, feature: Feature): boolean => token.permissions.includes(serviceOf(feature));

export function createV1Generations(deps: V1GenerationsDeps): V1Generations {
  const now = deps.now ?? Date.now;
  const idempotency = createV1Idempotency(deps.database.kysely, now);

  /** The token's job: 404 for an unknown or someone else's, then 403 for a service the token lacks. */
  async function permitted(token: ApiTokenContext, id: string): Promise<Generation> {
    const generation = await deps.generations.get(callerOf(token), id);
    if (!allows(token, generation.feature)) throw publicApiError(403, 'serviceNotAllowed');
    return generation;
  }

  return {
    async submit(token, request, key) {
      if (!allows(token, request.feature)) throw publicApiError(403, 'serviceNotAllowed');
      const { webhook_url: webhookUrl, ...rest } = request;
      if (typeof webhookUrl === 'string' && !isAllowedWebhookUrl(webhookUrl, deps.webhookPolicy)) throw publicApiError(422, 'invalidWebhookUrl');
      // Absent: the token's webhook when the job ends; null: none at all.
      const webhook: WebhookTarget = webhookUrl === undefined ? 'token' : webhookUrl === null ? 'none' : { url: webhookUrl };
      const caller = callerOf(token);

      let claim: Claim | null = null;
      if (key !== null) {
        // The whole request, webhook_url included: the same key with another target is another request.
        const outcome = await idempotency.claim(token.userId, key, requestHash(request));
        if (outcome.kind === 'mismatch') throw publicApiError(422, 'idempotencyMismatch');
        if (outcome.kind === 'inProgress') throw publicApiError(409, 'idempotencyInProgress');
        if (outcome.kind === 'done') return { generation: await deps.generations.get(caller, outcome.generationId), created: false };
        claim = outcome.claim;
      }
      const held = claim;
      try {
        // The studio-level key stays null: the /v1 table is the one that expires.
        const submitted = await deps.generations.submit(caller, rest as GenerationRequest, null, async (trx, row) => {
          const cap = await reserveOnCap(trx, token.id, row.cost);
          if (cap === 'capReached') throw publicApiError(402, 'creditCapReached');
          if (cap === 'noToken') throw publicApiError(401, 'invalidToken');
          await recordApiGeneration(trx, { generationId: row.id, tokenId: token.id, userId: token.userId, cost: row.cost, webhook, at: row.created_at });
          // Taken over meanwhile (this request stalled past ABANDONED_CLAIM_MS): the other one goes on.
          if (held && !(await idempotency.complete(trx, held, row.id))) throw publicApiError(409, 'idempotencyInProgress');
        });
        return { generation: submitted.generation, created: submitted.created };
      } catch (error) {
        if (held) await idempotency.release(held);
        throw error;
      }
    },

    get: async (token, id) => permitted(token, id),

    async list(token, query) {
      if (query.feature && !allows(token, query.feature)) throw publicApiError(403, 'serviceNotAllowed');
      const features = FEATURES.filter((feature) => allows(token, feature));
      return deps.generations.list(callerOf(token), { ...query, ...(features.length < FEATURES.length ? { features } : {}) });
    },

    async cancel(token, id) {
      await permitted(token, id);
      return deps.generations.cancel(callerOf(token), id);
    },
  };
}
