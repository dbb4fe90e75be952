/**
 * The /v1 documents (docs/product-rules.md#api-docs): the OpenAPI 3.1 document is whole (every
 * $ref resolves, every operation answers with schemas), covers every endpoint of the table, the
 * bearer scheme, the rate-limit headers and the webhooks; llms.txt names every endpoint.
 */
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { PUBLIC_API_MESSAGES } from '../../src/contract/public-api.ts';
import { WEBHOOK_EVENTS } from '../../src/contract/tokens.schema.ts';
import { llmsText } from '../../server/public-api/llms.ts';
import { openApiDocument, routePath, V1_OPERATIONS } from '../../server/public-api/openapi.ts';

const PUBLIC_URL = 'https://atelier.example';
// oxlint-disable-next-line typescript/no-explicit-any -- the test walks a JSON document
type Doc = any;
const doc: Doc = openApiDocument(PUBLIC_URL);

/** Every `$ref` anywhere in `node`, with where it was found. */
function refs(node: unknown, at = '#'): Array<{ ref: string; at: string }> {
  if (Array.isArray(node)) return node.flatMap((item, index) => refs(item, `${at}/${index}`));
  if (node === null || typeof node !== 'object') return [];
  return Object.entries(node).flatMap(([key, value]) => (key === '$ref' && typeof value === 'string' ? [{ ref: value, at }] : refs(value, `${at}/${key}`)));
}

/** Follows a local JSON pointer (`#/components/schemas/Asset`). */
function resolve(pointer: string): unknown {
  if (!pointer.startsWith('#/')) return undefined;
  return pointer
    .slice(2)
    .split('/')
    .map((part) => part.replaceAll('~1', '/').replaceAll('~0', '~'))
    .reduce<unknown>((node, part) => (node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined), doc);
}

/** The operation object of a table row. */
const operationOf = (row: (typeof V1_OPERATIONS)[number]) => doc.paths[row.path]?.[row.method.toLowerCase()];

/** A response with its $ref followed. */
const deref = (node: Doc): Doc => (node?.$ref ? resolve(node.$ref) : node);

describe('the OpenAPI document', () => {
  it('is OpenAPI 3.1 with the server under the public URL', () => {
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
    expect(doc.info).toMatchObject({ title: 'Atelier API', version: expect.any(String) });
    expect(doc.servers).toEqual([{ url: `${PUBLIC_URL}/v1` }]);
    expect(openApiDocument(`${PUBLIC_URL}/`).servers).toEqual([{ url: `${PUBLIC_URL}/v1` }]);
    // JSON all the way through (what GET /v1/openapi.json serves).
    expect(JSON.parse(JSON.stringify(doc))).toEqual(doc);
  });

  it('resolves every $ref', () => {
    const all = refs(doc);
    expect(all.length).toBeGreaterThan(20);
    for (const { ref, at } of all) expect(resolve(ref), `${ref} at ${at}`).toBeDefined();
  });

  it('documents every endpoint of the table, and nothing else', () => {
    const documented = Object.entries(doc.paths).flatMap(([path, item]) => Object.keys(item as object).map((method) => `${method.toUpperCase()} ${path}`));
    expect(documented.toSorted()).toEqual(V1_OPERATIONS.map((row) => `${row.method} ${row.path}`).toSorted());
    expect(new Set(V1_OPERATIONS.map((row) => row.operationId)).size).toBe(V1_OPERATIONS.length);
    for (const row of V1_OPERATIONS) expect(operationOf(row)).toMatchObject({ operationId: row.operationId, summary: row.summary });
    expect(routePath({ path: '/generations/{id}/cancel' })).toBe('/v1/generations/:id/cancel');
  });

  it('gives every answer of every operation a schema', () => {
    for (const row of V1_OPERATIONS) {
      const responses = operationOf(row).responses as Record<string, Doc>;
      expect(
        Object.keys(responses).some((status) => status.startsWith('2')),
        row.operationId,
      ).toBe(true);
      for (const [status, response] of Object.entries(responses)) {
        const content = deref(response).content as Record<string, { schema?: unknown }>;
        const media = Object.values(content);
        expect(media.length, `${row.operationId} ${status}`).toBeGreaterThan(0);
        for (const entry of media) expect(entry.schema, `${row.operationId} ${status}`).toBeDefined();
      }
    }
  });

  it('asks for a bearer token everywhere but the two documents', () => {
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({
      type: 'http',
      scheme: 'bearer',
      bearerFormat: expect.stringMatching(/^atl_live_/),
      description: expect.stringContaining('49 base62'),
    });
    expect(doc.security).toEqual([{ bearerAuth: [] }]);
    const open = V1_OPERATIONS.filter((row) => row.service === null);
    expect(open.map((row) => row.path).toSorted()).toEqual(['/llms.txt', '/openapi.json']);
    for (const row of open) expect(operationOf(row).security, row.operationId).toEqual([]);
    for (const row of V1_OPERATIONS.filter((candidate) => candidate.service !== null)) {
      const operation = operationOf(row);
      expect(operation.security, row.operationId).toBeUndefined();
      // Token answers carry the rate-limit headers; 401, 403 and 429 are documented, 429 with Retry-After.
      for (const status of ['401', '403', '429']) expect(operation.responses[status], `${row.operationId} ${status}`).toBeDefined();
      const ok = Object.entries(operation.responses as Record<string, Doc>).find(([status]) => status.startsWith('2'))?.[1];
      expect(Object.keys(ok.headers)).toEqual(expect.arrayContaining(['RateLimit', 'RateLimit-Policy']));
      expect(operation.responses['429'].headers['Retry-After']).toMatchObject({ schema: { type: 'integer' } });
    }
  });

  it('describes the bodies from the contract', () => {
    const create = doc.paths['/generations'].post;
    expect(create.requestBody.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/V1GenerationRequest' });
    for (const operation of [create, doc.paths['/media'].post])
      expect(operation.parameters).toContainEqual(expect.objectContaining({ name: 'Idempotency-Key', in: 'header', required: false }));
    expect(Object.keys(create.responses)).toEqual(expect.arrayContaining(['200', '202', '402', '409', '422']));
    expect(create.responses['402'].content['application/json'].schema.oneOf).toContainEqual({ $ref: '#/components/schemas/InsufficientCredits' });
    const request = JSON.stringify(doc.components.schemas.V1GenerationRequest);
    for (const feature of ['virtual-tryon', 'hairstyle-changer', 'body-generator', 'image-to-video', 'image-editing', 'upscaler-image', 'upscaler-video'])
      expect(request).toContain(`"const":"${feature}"`);
    expect(request).toContain('"webhook_url"');
    // A case-insensitive contract pattern keeps its meaning without the flag.
    expect(new RegExp(JSON.parse(request.match(/"pattern":("\^\[hH\][^"]*")/)?.[1] ?? '""')).test('HTTPS://shop.example')).toBe(true);

    const upload = doc.paths['/media'].post.requestBody.content['multipart/form-data'];
    expect(upload.schema).toEqual({ $ref: '#/components/schemas/MediaUpload' });
    expect(doc.components.schemas.MediaUpload.required).toEqual(['file']);
    expect(doc.paths['/generations/{id}'].get.responses['404']).toBeDefined();
    expect(doc.paths['/generations/{id}/cancel'].post.responses['409']).toBeDefined();
    // The answers of no particular operation, by code.
    expect(doc.paths['/generations/{id}'].get.responses['500'].description).toContain('`internalError`');
    expect(create.responses['400'].description).toContain('`unstorableValue`');
    expect(doc.paths['/generations'].get.parameters.map((parameter: Doc) => parameter.name)).toEqual(['feature', 'status', 'cursor', 'limit']);
    expect(doc.components.schemas.Generation.required).toEqual(expect.arrayContaining(['id', 'feature', 'status', 'results']));
    expect(doc.components.schemas.TokenUsage.properties.days.items).toEqual({ $ref: '#/components/schemas/UsageDay' });
  });

  it('has the webhooks, with the payload and the three signature headers', () => {
    expect(Object.keys(doc.webhooks).toSorted()).toEqual([...WEBHOOK_EVENTS].toSorted());
    for (const event of WEBHOOK_EVENTS) {
      const post = doc.webhooks[event].post;
      expect(post.requestBody.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/WebhookPayload' });
      expect(post.parameters.map((parameter: Doc) => [parameter.name, parameter.in])).toEqual([
        ['webhook-id', 'header'],
        ['webhook-timestamp', 'header'],
        ['webhook-signature', 'header'],
      ]);
    }
    expect(doc.components.schemas.WebhookPayload.properties.data.properties.generation).toEqual({ $ref: '#/components/schemas/Generation' });
    // The documented signature is what the reference library produces.
    const signature = new Webhook('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw').sign('msg_1', new Date(), '{}');
    expect(signature).toMatch(new RegExp(doc.webhooks['generation.completed'].post.parameters[2].schema.pattern));
  });
});

describe('llms.txt', () => {
  const text = llmsText(PUBLIC_URL);

  it('follows llmstxt.org: an H1, a blockquote summary, then sections', () => {
    const lines = text.split('\n');
    expect(lines[0]).toBe('# Atelier API');
    expect(lines.find((line) => line.trim() !== '' && !line.startsWith('# '))).toMatch(/^> /);
    for (const section of ['Authentication', 'Endpoints', 'Rate limits', 'Idempotency', 'Credit cap', 'Webhooks', 'Errors'])
      expect(lines).toContain(`## ${section}`);
  });

  it('names every endpoint, links the documents, and lists every error code', () => {
    for (const row of V1_OPERATIONS) expect(text).toContain(`\`${row.method} /v1${row.path}\``);
    expect(text).toContain(`(${PUBLIC_URL}/v1/openapi.json)`);
    expect(text).toContain(`(${PUBLIC_URL}/api-docs)`);
    for (const code of Object.keys(PUBLIC_API_MESSAGES)) expect(text).toContain(`\`${code}\``);
    for (const code of ['unstorableValue', 'unknownPath', 'internalError']) expect(text).toContain(`\`${code}\``);
    for (const header of ['webhook-id', 'webhook-timestamp', 'webhook-signature', 'Idempotency-Key', 'Retry-After', 'RateLimit-Policy'])
      expect(text).toContain(header);
  });
});
