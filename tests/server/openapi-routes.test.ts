/**
 * The OpenAPI document says what the server serves (docs/product-rules.md#api-docs): the /v1
 * endpoints it documents (V1_OPERATIONS, the table the document and llms.txt are built from) are
 * exactly the routes the assembled app mounts under /v1, compared both ways. A route added to a
 * /v1 router without a line in the table, or a line whose route was renamed or dropped, fails here.
 *
 * The app is the full one, with the job engine (the generation and upload routes are mounted only
 * with it), on PGlite (or Postgres with DATABASE_URL).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { V1_PREFIX } from '../../src/contract/public-api.ts';
import { openApiDocument, routePath, V1_OPERATIONS } from '../../server/public-api/openapi.ts';
import { DRIVER } from './helpers/database.ts';
import { createGenerationsHarness, type GenerationsHarness } from './helpers/generations.ts';

let h: GenerationsHarness;

beforeAll(async () => {
  h = await createGenerationsHarness({ workers: 0 });
}, 120_000);

afterAll(async () => {
  await h?.dispose();
});

/**
 * `METHOD /v1/…` of every route the app mounts under /v1. Left out: method ALL, which is
 * middleware (the token guard, CORS, the body limit) and the catch-all JSON 404 for unknown
 * paths — none of them is an endpoint.
 */
const underV1 = (path: string): boolean => path === V1_PREFIX || path.startsWith(`${V1_PREFIX}/`);

function mountedV1Routes(): Set<string> {
  return new Set(h.app.routes.filter((route) => route.method !== 'ALL' && underV1(route.path)).map((route) => `${route.method} ${route.path}`));
}

describe(`the OpenAPI document covers the mounted /v1 routes (${DRIVER})`, () => {
  it('documents every /v1 route the app mounts, and only those', () => {
    const mounted = mountedV1Routes();
    // The generation and upload routes are there: the comparison is not between two empty sets.
    expect(mounted).toContain('POST /v1/generations');
    expect(mounted).toContain('POST /v1/media');
    const documented = new Set(V1_OPERATIONS.map((operation) => `${operation.method} ${routePath(operation)}`));
    expect(
      [...mounted].filter((route) => !documented.has(route)),
      'mounted under /v1 but not documented',
    ).toEqual([]);
    expect(
      [...documented].filter((route) => !mounted.has(route)),
      'documented but not mounted',
    ).toEqual([]);
  });

  it('the document itself holds exactly those operations', () => {
    const doc = openApiDocument('https://atelier.example') as {
      paths: Record<string, Record<string, unknown>>;
    };
    // A path item's keys other than the HTTP methods (`parameters`, `summary`) are no operation.
    const methods = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);
    const inDocument = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.keys(item)
        .filter((key) => methods.has(key))
        .map((method) => `${method.toUpperCase()} ${routePath({ path })}`),
    );
    expect(inDocument.toSorted()).toEqual([...mountedV1Routes()].toSorted());
  });
});
