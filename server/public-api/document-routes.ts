/**
 * The API's documents, served without a token (docs/product-rules.md#api-docs): the OpenAPI 3.1
 * document and llms.txt, each built once per process from the contract and cached by clients for
 * an hour (they change only with a release).
 */
import { Hono } from 'hono';
import type { AppEnv } from '../http/types.ts';
import { llmsText } from './llms.ts';
import { openApiDocument } from './openapi.ts';

/** How long a client may keep a document, in seconds. */
const DOCUMENT_MAX_AGE_SECONDS = 3_600;

export function v1DocumentRoutes(publicUrl: string): Hono<AppEnv> {
  const openapi = JSON.stringify(openApiDocument(publicUrl));
  const llms = llmsText(publicUrl);
  const cache = `public, max-age=${DOCUMENT_MAX_AGE_SECONDS}`;
  const router = new Hono<AppEnv>();
  router.get('/openapi.json', (c) => c.body(openapi, 200, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': cache }));
  router.get('/llms.txt', (c) => c.body(llms, 200, { 'Content-Type': 'text/markdown; charset=utf-8', 'Cache-Control': cache }));
  return router;
}
