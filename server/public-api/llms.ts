/**
 * `GET /v1/llms.txt` (docs/product-rules.md#api-docs): the API in a page of markdown a language
 * model can read (llmstxt.org: an H1, a blockquote summary, then sections). The endpoint lines
 * come from the table the OpenAPI document is built from (./openapi.ts), and every number and
 * message from the contract, so this page cannot drift from the API.
 */
import { PUBLIC_API_MESSAGES, IDEMPOTENCY_TTL_HOURS, RATE_LIMIT_POLICY_NAME, V1_PREFIX } from '../../src/contract/public-api.ts';
import { API_TOKEN_SERVICES, RATE_LIMIT_MAX, RATE_LIMIT_MIN, RATE_LIMIT_WINDOW_SECONDS, TOKEN_PREFIX } from '../../src/contract/token-terms.ts';
import { WEBHOOK_EVENTS } from '../../src/contract/tokens.schema.ts';
import { V1_OPERATIONS, type V1Operation } from './openapi.ts';
import { DELIVERY_TIMEOUT_MS } from './webhooks/deliver.ts';
import { MAX_ATTEMPTS } from './webhooks/schedule.ts';

/** The status each /v1 error code answers with (the codes are PUBLIC_API_MESSAGES' keys). */
const ERROR_STATUS: Record<keyof typeof PUBLIC_API_MESSAGES, number> = {
  missingToken: 401,
  malformedToken: 401,
  invalidToken: 401,
  planRequired: 403,
  serviceNotAllowed: 403,
  rateLimited: 429,
  creditCapReached: 402,
  idempotencyInProgress: 409,
  idempotencyMismatch: 422,
  invalidWebhookUrl: 422,
};

function access(operation: V1Operation): string {
  if (operation.service === null) return 'no token';
  if (operation.service === 'feature') return "needs the feature's service";
  return 'any token';
}

/** The page; `publicUrl` is the server's origin (PUBLIC_URL, no trailing slash). */
export function llmsText(publicUrl: string): string {
  const base = publicUrl.replace(/\/+$/, '');
  const api = `${base}${V1_PREFIX}`;
  const endpoints = V1_OPERATIONS.map((operation) => `- \`${operation.method} ${V1_PREFIX}${operation.path}\` (${access(operation)}): ${operation.summary}`);
  const errors = Object.entries(PUBLIC_API_MESSAGES).map(
    ([code, message]) => `- ${ERROR_STATUS[code as keyof typeof PUBLIC_API_MESSAGES]} \`${code}\`: ${message}`,
  );
  return [
    '# Atelier API',
    '',
    `> Atelier's public REST API (${api}): upload images and videos, run the AI fashion studios (virtual try-on, hairstyle changer, body generator, image to video, image editing, upscaler) as background jobs charged in credits, follow them by polling or signed webhooks. JSON over HTTPS with an API token.`,
    '',
    `Full reference: [OpenAPI 3.1 document](${api}/openapi.json). Guide with code samples: [API docs](${base}/api-docs).`,
    '',
    '## Authentication',
    '',
    `- Send \`Authorization: Bearer ${TOKEN_PREFIX}…\` on every call except the two documents. Tokens are made on ${base}/api-management (Pro plans and above) and shown once.`,
    `- Each token allows some services (${API_TOKEN_SERVICES.join(', ')}); creating a generation needs the service of its \`feature\` (the upscaler covers upscaler-image and upscaler-video).`,
    '- A missing, malformed, unknown, inactive, regenerated, deleted or expired token answers 401; a plan without API access or a service the token lacks answers 403.',
    '',
    '## Endpoints',
    '',
    ...endpoints,
    '',
    'A typical run: `POST /v1/media` for each input (multipart `file`), then `POST /v1/generations` with the asset ids, then poll `GET /v1/generations/{id}` until `status` is completed, failed or cancelled (or wait for the webhook). Results are assets with time-limited URLs.',
    '',
    '## Rate limits',
    '',
    `- Per token, ${RATE_LIMIT_MIN} to ${RATE_LIMIT_MAX} requests per ${RATE_LIMIT_WINDOW_SECONDS} s (set on the token): a full burst is allowed, then one request every ${RATE_LIMIT_WINDOW_SECONDS}/limit seconds.`,
    `- Every answer carries \`RateLimit-Policy: "${RATE_LIMIT_POLICY_NAME}";q=<limit>;w=${RATE_LIMIT_WINDOW_SECONDS}\` and \`RateLimit: "${RATE_LIMIT_POLICY_NAME}";r=<left>;t=<seconds until full>\`.`,
    '- Over the limit: 429 `rateLimited` with `Retry-After` (seconds). Wait that long; the refused request did not count.',
    '',
    '## Idempotency',
    '',
    `- \`POST /v1/generations\` takes an \`Idempotency-Key\` header (your own id for the request, visible ASCII), remembered ${IDEMPOTENCY_TTL_HOURS} h per account.`,
    '- The same key and body again: 200 with the first job, charged once. While the first is still being created: 409 `idempotencyInProgress`. The same key with another body: 422 `idempotencyMismatch`. A request that failed frees its key.',
    '- `POST /v1/media` takes one too: a replayed upload answers the first asset.',
    '',
    '## Credit cap',
    '',
    '- A token may have a credit cap: the credits held by its running and completed jobs cannot exceed it. A job that would go over answers 402 `creditCapReached` and nothing is charged; a failed or cancelled job gives its credits back to the cap.',
    '- Separately, an account without enough credits answers 402 `insufficientCredits` with `balance`, `cost` and `shortage`.',
    '',
    '## What the engine can do',
    '',
    '- Before anything is charged, the server decides from the request what the engine that runs the tool will do and what it will not. None of it: 422 `cannotDo` with `plan: { done: [], not_done: [...] }`. Only part of it: 422 `partialPlan` with the plan; send the same request again with `accept_not_done` listing the `code` of each `not_done` item to go ahead with only what it can do. Nothing is charged for either answer.',
    '- Each item has a stable `code`, an English `text` and its `values`. A job keeps its `plan` (what was done and what was not; null when the engine does everything asked): show it with the result.',
    '',
    '## Webhooks',
    '',
    `- Give \`webhook_url\` in \`POST /v1/generations\` (or a default on the token; \`null\` turns it off for one job). When the job ends you receive \`${WEBHOOK_EVENTS.join('`, `')}\`: a JSON body \`{ type, timestamp, data: { generation } }\` where \`generation\` is what \`GET /v1/generations/{id}\` answers.`,
    "- Messages follow Standard Webhooks (standardwebhooks.com). Verify before trusting: compute base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{raw body}` with the base64-decoded part of the token's `whsec_…` secret (on the token's detail page) and compare it in constant time with the value after `v1,` in `webhook-signature`; refuse timestamps more than 5 minutes old. Libraries: `new Webhook(secret).verify(body, headers)` (npm standardwebhooks, PyPI standardwebhooks).",
    `- Answer any 2xx within ${DELIVERY_TIMEOUT_MS / 1000} s. Otherwise the message is retried with exponential backoff for more than 24 hours (${MAX_ATTEMPTS} attempts), always with the same \`webhook-id\`: use it to drop duplicates. Redirects are not followed. A delivery can be resent from the token's detail page.`,
    '- Webhook URLs must be https on the public internet.',
    '',
    '## Errors',
    '',
    '- Errors are JSON with a readable text and a `code`: `{ message, code }` for GET, `{ detail, code }` for POST (402 `insufficientCredits` adds `balance`, `cost`, `shortage`). Branch on `code` and the status, show the text.',
    "- Other statuses: 400 malformed JSON or header, or a value that cannot be stored (`unstorableValue`), 404 an id that is not this account's, or a path that does not exist (`unknownPath`), 409 a job that cannot be cancelled any more, 413/415/422 on uploads (size, type, unreadable file), 422 invalid input, 500 a failure on our side (`internalError`: retry later).",
    ...errors,
    '',
  ].join('\n');
}
