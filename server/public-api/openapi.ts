/**
 * The OpenAPI 3.1 document of `/v1` (docs/product-rules.md#api-docs), served as
 * `GET /v1/openapi.json`. Every schema in it is converted from the valibot contract
 * (src/contract) by @valibot/to-json-schema, so the document cannot say something the server does
 * not check. `V1_OPERATIONS` is the endpoint table both this document and llms.txt (./llms.ts) are
 * built from; a test compares it with the router's routes.
 */
import { toJsonSchema, toJsonSchemaDefs, type ConversionConfig, type JsonSchema } from '@valibot/to-json-schema';
import * as v from 'valibot';
import { MutationErrorBodySchema } from '../../src/contract/errors.schema.ts';
import { GenerationListQuerySchema, GenerationPageSchema, GenerationSchema, InsufficientCreditsBodySchema } from '../../src/contract/generations.schema.ts';
import { PlanRefusalBodySchema } from '../../src/contract/engine-plan.schema.ts';
import { ASSET_ROLES, IMAGE_MIME_TYPES, UPLOAD_PURPOSES, VIDEO_MIME_TYPES } from '../../src/contract/media.ts';
import { AssetSchema, UploadedAssetSchema, MediaErrorBodySchema, UPLOAD_IDEMPOTENCY_KEY_MAX } from '../../src/contract/media.schema.ts';
import { ApiErrorBodySchema, CreditsSchema, TokenUsageSchema, V1GenerationRequestSchema, WebhookPayloadSchema } from '../../src/contract/public-api.schema.ts';
import { IDEMPOTENCY_TTL_HOURS, RATE_LIMIT_POLICY_NAME, V1_PREFIX } from '../../src/contract/public-api.ts';
import { RecordIdSchema } from '../../src/contract/input.schema.ts';
import { TOKEN_BODY_LENGTH, TOKEN_CHECKSUM_LENGTH } from '../../src/contract/tokens.ts';
import { RATE_LIMIT_WINDOW_SECONDS, TOKEN_PREFIX } from '../../src/contract/token-terms.ts';
import { UsageDaySchema, WEBHOOK_EVENTS } from '../../src/contract/tokens.schema.ts';

/** The document's own version (the API's is the `/v1` in its paths). */
export const API_DOCUMENT_VERSION = '1.0.0';
export const OPENAPI_VERSION = '3.1.1';

export type V1OperationId =
  | 'uploadMedia'
  | 'createGeneration'
  | 'listGenerations'
  | 'getGeneration'
  | 'cancelGeneration'
  | 'getCredits'
  | 'getUsage'
  | 'getOpenApiDocument'
  | 'getLlmsText';

export interface V1Operation {
  method: 'GET' | 'POST';
  /** Under the server URL (`…/v1`), OpenAPI style: `/generations/{id}`. */
  path: string;
  operationId: V1OperationId;
  summary: string;
  tag: 'Media' | 'Generations' | 'Account' | 'Documents';
  /**
   * What the token must allow: `null` needs no token (the documents), `any` any valid token,
   * `feature` the service of the request's `feature` (docs/product-rules.md#api-auth).
   */
  service: null | 'any' | 'feature';
}

/** Every `/v1` endpoint, in the order the documents list them. */
export const V1_OPERATIONS: readonly V1Operation[] = [
  {
    method: 'POST',
    path: '/media',
    operationId: 'uploadMedia',
    summary: 'Upload an image or video to use as a generation input',
    tag: 'Media',
    service: 'any',
  },
  {
    method: 'POST',
    path: '/generations',
    operationId: 'createGeneration',
    summary: 'Create a generation (charged in credits; answers at once, the job runs in the background)',
    tag: 'Generations',
    service: 'feature',
  },
  {
    method: 'GET',
    path: '/generations',
    operationId: 'listGenerations',
    summary: "List the account's generations, newest first",
    tag: 'Generations',
    service: 'any',
  },
  {
    method: 'GET',
    path: '/generations/{id}',
    operationId: 'getGeneration',
    summary: 'Get one generation: its status, progress and results',
    tag: 'Generations',
    service: 'any',
  },
  {
    method: 'POST',
    path: '/generations/{id}/cancel',
    operationId: 'cancelGeneration',
    summary: 'Cancel a queued or running generation (its credits are refunded)',
    tag: 'Generations',
    service: 'any',
  },
  { method: 'GET', path: '/credits', operationId: 'getCredits', summary: "The account's credit balance and plan", tag: 'Account', service: 'any' },
  { method: 'GET', path: '/usage', operationId: 'getUsage', summary: "The calling token's settings and its requests per day", tag: 'Account', service: 'any' },
  {
    method: 'GET',
    path: '/openapi.json',
    operationId: 'getOpenApiDocument',
    summary: 'This OpenAPI 3.1 document (no token needed)',
    tag: 'Documents',
    service: null,
  },
  {
    method: 'GET',
    path: '/llms.txt',
    operationId: 'getLlmsText',
    summary: 'A summary of the API for language models (no token needed)',
    tag: 'Documents',
    service: null,
  },
];

/** The router's path of an operation (Hono style): `/v1/generations/:id`. */
export function routePath(operation: Pick<V1Operation, 'path'>): string {
  return V1_PREFIX + operation.path.replace(/\{(\w+)\}/g, ':$1');
}

// ── Schemas ──────────────────────────────────────────────────────────────────────────

/** A failed GET: `{ message, code }` (docs/product-rules.md#api-errors); a 429 adds `retry_after_seconds`. */
const ErrorBodySchema = v.object({ ...ApiErrorBodySchema.entries, retry_after_seconds: v.optional(v.number()) });
/** A failed POST: the same with `detail`. */
const MutationErrorSchema = v.object({ ...MutationErrorBodySchema.entries, code: v.optional(v.string()), retry_after_seconds: v.optional(v.number()) });
/** The multipart form of POST /v1/media (the file part is binary: see the encoding below). */
const MediaUploadSchema = v.object({
  file: v.pipe(v.string(), v.description('The file (JPEG, PNG or WebP images; MP4, WebM or MOV videos for the upscaler).')),
  purpose: v.optional(v.picklist(UPLOAD_PURPOSES)),
  role: v.optional(
    v.pipe(
      v.picklist(ASSET_ROLES),
      v.description('What the file is for. `mask`: a brush mask for the hairstyle changer (`inputs.mask`), kept as a working file, never offered as a photo.'),
    ),
  ),
});

const SCHEMAS = {
  Asset: AssetSchema,
  UploadedAsset: UploadedAssetSchema,
  Generation: GenerationSchema,
  PlanRefusal: PlanRefusalBodySchema,
  GenerationPage: GenerationPageSchema,
  V1GenerationRequest: V1GenerationRequestSchema,
  Credits: CreditsSchema,
  UsageDay: UsageDaySchema,
  TokenUsage: TokenUsageSchema,
  WebhookPayload: WebhookPayloadSchema,
  Error: ErrorBodySchema,
  MutationError: MutationErrorSchema,
  InsufficientCredits: InsufficientCreditsBodySchema,
  MediaError: MediaErrorBodySchema,
  MediaUpload: MediaUploadSchema,
} as const;
type SchemaName = keyof typeof SCHEMAS;

/** Letters of `source` matched either way: JSON Schema patterns have no flags. */
function caseInsensitive(source: string): string {
  let out = '';
  let inClass = false;
  for (let index = 0; index < source.length; index += 1) {
    const char = source[index] ?? '';
    if (char === '\\') {
      out += char + (source[index + 1] ?? '');
      index += 1;
    } else if (char === '[' || char === ']') {
      inClass = char === '[';
      out += char;
    } else if (inClass && /[a-z]/i.test(char) && source[index + 1] === '-' && /[a-z]/i.test(source[index + 2] ?? '')) {
      const end = source[index + 2] ?? '';
      out += `${char.toLowerCase()}-${end.toLowerCase()}${char.toUpperCase()}-${end.toUpperCase()}`;
      index += 2;
    } else if (/[a-z]/i.test(char)) {
      out += inClass ? char.toLowerCase() + char.toUpperCase() : `[${char.toLowerCase()}${char.toUpperCase()}]`;
    } else {
      out += char;
    }
  }
  return out;
}

const CONVERSION: ConversionConfig = {
  target: 'draft-2020-12',
  // What a client may send: a query number is the digits it sends, not the number it becomes.
  typeMode: 'input',
  // Checks JSON Schema cannot say (safe text, distinct items), trimming, and finiteness (JSON has
  // no Infinity): the server still applies them. Anything else unsupported throws, so a contract
  // change the document cannot express fails its test instead of vanishing from it.
  ignoreActions: ['check', 'trim', 'finite'],
  overrideAction: ({ valibotAction, jsonSchema }) => {
    const requirement: unknown = 'requirement' in valibotAction ? valibotAction.requirement : undefined;
    if (valibotAction.type === 'regex' && requirement instanceof RegExp && requirement.flags) {
      if (requirement.flags !== 'i') throw new Error(`regex flags ${requirement.flags} cannot be expressed in JSON Schema`);
      return { ...jsonSchema, pattern: caseInsensitive(requirement.source) };
    }
    return undefined;
  },
  overrideRef: ({ referenceId }) => `#/components/schemas/${referenceId}`,
};

/** `{ $ref }` of a component schema. */
const ref = (name: SchemaName) => ({ $ref: `#/components/schemas/${name}` });

function componentSchemas(): Record<string, JsonSchema> {
  const defs = toJsonSchemaDefs(SCHEMAS, CONVERSION) as Record<SchemaName, JsonSchema>;
  // The contract keeps the message's job an open record (a receiver must accept new fields); it is
  // the Generation GET /v1/generations/{id} answers.
  const payload = structuredClone(defs.WebhookPayload) as { properties: { data: { properties: { generation: JsonSchema } } } };
  payload.properties.data.properties.generation = ref('Generation') as JsonSchema;
  const upload = structuredClone(defs.MediaUpload) as { properties: { file: JsonSchema } };
  upload.properties.file = { ...upload.properties.file, contentMediaType: 'application/octet-stream' } as JsonSchema;
  return { ...defs, WebhookPayload: payload as JsonSchema, MediaUpload: upload as JsonSchema };
}

// ── Operations ───────────────────────────────────────────────────────────────────────

type Json = Record<string, unknown>;

const json = (schema: Json) => ({ 'application/json': { schema } });
// Headers and parameters are written out where they apply (not as component $refs): simpler for
// the tools and the docs page that read the document.
const RATE_LIMIT_HEADERS = {
  RateLimit: {
    description: `Quota left: \`"${RATE_LIMIT_POLICY_NAME}";r=<requests left>;t=<seconds until full>\` (IETF httpapi-ratelimit-headers).`,
    schema: { type: 'string' },
  },
  'RateLimit-Policy': {
    description: `The token's limit: \`"${RATE_LIMIT_POLICY_NAME}";q=<requests>;w=${RATE_LIMIT_WINDOW_SECONDS}\` (per minute).`,
    schema: { type: 'string' },
  },
};
const RETRY_AFTER_HEADER = { description: 'Seconds to wait before retrying.', schema: { type: 'integer', minimum: 0 } };
const IDEMPOTENCY_KEY_PARAMETER = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  description: `Your own name for this request (visible ASCII): a retry with the same key answers the first outcome instead of doing it again (kept ${IDEMPOTENCY_TTL_HOURS} h for generations).`,
  schema: { type: 'string', minLength: 1, maxLength: UPLOAD_IDEMPOTENCY_KEY_MAX, pattern: '^[!-~]+$' },
};

function errorAnswer(operation: V1Operation, description: string, schema?: Json): Json {
  const body = schema ?? ref(operation.method === 'GET' ? 'Error' : 'MutationError');
  return { description, ...(operation.service ? { headers: RATE_LIMIT_HEADERS } : {}), content: json(body) };
}

function okAnswer(operation: V1Operation, description: string, schema: Json, extraHeaders: Json = {}): Json {
  return { description, headers: { ...(operation.service ? RATE_LIMIT_HEADERS : {}), ...extraHeaders }, content: json(schema) };
}

/** What every token call can answer besides its own outcomes. */
function tokenErrors(operation: V1Operation): Json {
  return {
    401: {
      ...errorAnswer(operation, 'No token, or one that is malformed, unknown, inactive, regenerated, deleted or expired.'),
      headers: { 'WWW-Authenticate': { schema: { type: 'string', const: 'Bearer' } } },
    },
    403: errorAnswer(
      operation,
      operation.service === 'feature'
        ? "The plan has no API access (`planRequired`), or the token lacks this feature's service (`serviceNotAllowed`)."
        : 'The plan has no API access (`planRequired`).',
    ),
    429: {
      ...errorAnswer(operation, 'Rate limit exceeded (`rateLimited`): retry after `Retry-After` seconds.'),
      headers: { ...RATE_LIMIT_HEADERS, 'Retry-After': RETRY_AFTER_HEADER },
    },
    500: errorAnswer(operation, 'An unexpected failure on our side (`internalError`): nothing is charged for it; retry later.'),
  };
}

const idParameter = () => ({ name: 'id', in: 'path', required: true, description: 'The generation id.', schema: toJsonSchema(RecordIdSchema, CONVERSION) });

function queryParameters(): Json[] {
  const schema = toJsonSchema(GenerationListQuerySchema, CONVERSION) as { properties: Record<string, Json>; required?: string[] };
  const notes: Record<string, string> = { cursor: "The previous page's `next_cursor`.", limit: 'Items per page.' };
  return Object.entries(schema.properties).map(([name, property]) => ({
    name,
    in: 'query',
    required: schema.required?.includes(name) ?? false,
    ...(notes[name] ? { description: notes[name] } : {}),
    schema: property,
  }));
}

/** The parameters, body and answers of each operation. */
function operationDetails(operation: V1Operation): Json {
  const errors = operation.service ? tokenErrors(operation) : {};
  const notFound = { 404: errorAnswer(operation, 'No such generation in this account (`notFound`).') };
  switch (operation.operationId) {
    case 'uploadMedia':
      return {
        parameters: [IDEMPOTENCY_KEY_PARAMETER],
        requestBody: {
          required: true,
          content: {
            'multipart/form-data': { schema: ref('MediaUpload'), encoding: { file: { contentType: [...IMAGE_MIME_TYPES, ...VIDEO_MIME_TYPES].join(', ') } } },
          },
        },
        responses: {
          201: okAnswer(operation, 'The stored asset (`reused`: false).', ref('UploadedAsset')),
          200: okAnswer(
            operation,
            'Nothing stored again: the asset of an earlier upload with the same Idempotency-Key, or (`reused`: true) the account’s asset of identical bytes uploaded for the same use.',
            ref('UploadedAsset'),
          ),
          400: errorAnswer(
            operation,
            'No file part (`noFile`), a body that cannot be read (`uploadMalformed`, `uploadInterrupted`) or a malformed Idempotency-Key (`invalidIdempotencyKey`).',
            ref('MediaError'),
          ),
          ...errors,
          413: errorAnswer(operation, 'The file is over its size limit (`tooLarge`) or the storage quota is full (`storageFull`).', ref('MediaError')),
          415: errorAnswer(operation, 'Not an accepted image or video type (`invalidType`).', ref('MediaError')),
          422: errorAnswer(operation, 'The file cannot be read, or is too large in pixels or duration.', ref('MediaError')),
        },
      };
    case 'createGeneration':
      return {
        description: `The same request as the studios, checked the same way, plus an optional \`webhook_url\`. With an \`Idempotency-Key\` (remembered ${IDEMPOTENCY_TTL_HOURS} h) a retried request answers the first job instead of charging again.`,
        parameters: [IDEMPOTENCY_KEY_PARAMETER],
        requestBody: { required: true, content: json(ref('V1GenerationRequest')) },
        responses: {
          202: okAnswer(operation, 'The job was created; follow it with GET /generations/{id} or a webhook.', ref('Generation'), {
            Location: { description: 'The URL of the new job.', schema: { type: 'string' } },
          }),
          200: okAnswer(operation, 'The job an earlier request with the same Idempotency-Key and body created.', ref('Generation')),
          400: errorAnswer(
            operation,
            'The body is not JSON (`invalidJson`), the Idempotency-Key is malformed (`invalidIdempotencyKey`), or a value cannot be stored (`unstorableValue`: a NUL character, broken Unicode, a number out of range).',
          ),
          402: errorAnswer(
            operation,
            "Not enough credits (`insufficientCredits`, with balance, cost and shortage), or the token's credit cap would be exceeded (`creditCapReached`).",
            {
              oneOf: [ref('InsufficientCredits'), ref('MutationError')],
            },
          ),
          ...errors,
          409: errorAnswer(operation, 'A request with this Idempotency-Key is still being processed (`idempotencyInProgress`).'),
          422: errorAnswer(
            operation,
            'Invalid request (`invalidInput`), a missing input (the studio messages), a webhook URL that is not allowed (`invalidWebhookUrl`), an Idempotency-Key used with another body (`idempotencyMismatch`), or what the engine cannot do, with its `plan` (`cannotDo`: none of it; `partialPlan`: only part, until the request lists each `not_done` code in `accept_not_done`). Nothing is charged.',
            { oneOf: [ref('PlanRefusal'), ref('MutationError')] },
          ),
        },
      };
    case 'listGenerations':
      return {
        parameters: queryParameters(),
        responses: {
          200: okAnswer(operation, 'One page of jobs.', ref('GenerationPage')),
          ...errors,
          422: errorAnswer(operation, 'Invalid filter or limit (`invalidInput`), or a cursor this server did not give (`invalidCursor`).'),
        },
      };
    case 'getGeneration':
      return { parameters: [idParameter()], responses: { 200: okAnswer(operation, 'The job.', ref('Generation')), ...errors, ...notFound } };
    case 'cancelGeneration':
      return {
        parameters: [idParameter()],
        responses: {
          200: okAnswer(operation, 'The cancelled job.', ref('Generation')),
          ...errors,
          ...notFound,
          409: errorAnswer(operation, 'The job has already ended (`notCancellable`).'),
        },
      };
    case 'getCredits':
      return { responses: { 200: okAnswer(operation, 'Balance and plan.', ref('Credits')), ...errors } };
    case 'getUsage':
      return {
        responses: {
          200: okAnswer(operation, "The calling token's settings, today and the last 30 days (Vietnam's calendar days).", ref('TokenUsage')),
          ...errors,
        },
      };
    case 'getOpenApiDocument':
      return { security: [], responses: { 200: { description: 'This document.', content: json({ type: 'object' }) } } };
    case 'getLlmsText':
      return { security: [], responses: { 200: { description: 'Markdown (llmstxt.org).', content: { 'text/markdown': { schema: { type: 'string' } } } } } };
  }
}

function paths(): Json {
  const out: Record<string, Json> = {};
  for (const operation of V1_OPERATIONS) {
    out[operation.path] ??= {};
    (out[operation.path] as Json)[operation.method.toLowerCase()] = {
      operationId: operation.operationId,
      summary: operation.summary,
      tags: [operation.tag],
      ...operationDetails(operation),
    };
  }
  return out;
}

/** The three Standard Webhooks headers, as parameters of a webhook request. */
const SIGNATURE_HEADERS = [
  {
    name: 'webhook-id',
    in: 'header',
    required: true,
    description: 'The message id: the same on every attempt and resend (use it to drop duplicates).',
    schema: { type: 'string' },
  },
  {
    name: 'webhook-timestamp',
    in: 'header',
    required: true,
    description: 'When this attempt was sent, in unix seconds (refuse old ones: replay protection).',
    schema: { type: 'string', pattern: '^[0-9]+$' },
  },
  {
    name: 'webhook-signature',
    in: 'header',
    required: true,
    description:
      "`v1,` + base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{body}`, keyed with the base64-decoded part of the token's `whsec_…` secret (Standard Webhooks).",
    schema: { type: 'string', pattern: '^v1,' },
  },
];

function webhooks(): Json {
  const out: Record<string, Json> = {};
  for (const event of WEBHOOK_EVENTS) {
    out[event] = {
      post: {
        operationId: `webhook.${event}`,
        summary: `Sent to your webhook URL when a job ${event.slice('generation.'.length)}`,
        description:
          'Verify the signature before trusting the body. Any 2xx within 10 s counts as received; anything else is retried with exponential backoff for more than 24 hours.',
        parameters: SIGNATURE_HEADERS,
        requestBody: { required: true, content: json(ref('WebhookPayload')) },
        responses: { '2XX': { description: 'Received.', content: json({}) } },
      },
    };
  }
  return out;
}

/** The whole document; `publicUrl` is the server's origin (PUBLIC_URL, no trailing slash). */
export function openApiDocument(publicUrl: string): Json {
  const base = publicUrl.replace(/\/+$/, '');
  return {
    openapi: OPENAPI_VERSION,
    info: {
      title: 'Atelier API',
      version: API_DOCUMENT_VERSION,
      summary: 'AI fashion images and videos: try-on, hairstyles, bodies, image to video, image editing, upscaling.',
      description: `Call the Atelier studios from your own tools. Authenticate with an API token (\`Authorization: Bearer ${TOKEN_PREFIX}…\`) made on ${base}/api-management. Human-readable docs: ${base}/api-docs.`,
    },
    servers: [{ url: `${base}${V1_PREFIX}` }],
    security: [{ bearerAuth: [] }],
    tags: [{ name: 'Media' }, { name: 'Generations' }, { name: 'Account' }, { name: 'Documents' }],
    paths: paths(),
    webhooks: webhooks(),
    components: {
      schemas: componentSchemas(),
      securitySchemes: {
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: `${TOKEN_PREFIX}…`,
          description: `An API token: \`${TOKEN_PREFIX}\` and ${TOKEN_BODY_LENGTH + TOKEN_CHECKSUM_LENGTH} base62 characters (the last ${TOKEN_CHECKSUM_LENGTH} a checksum).`,
        },
      },
    },
  };
}
