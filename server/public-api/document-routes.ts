/**
 * The API's documents, served without a token (docs/product-rules.md#api-docs): the OpenAPI 3.1
 * document and llms.txt, built from the contract once per origin they are asked on (their server
 * address is the request's origin, server/http/origin.ts: PUBLIC_URL when set) and cached by
 * clients for an hour (they change only with a release).
 */
import { Hono } from 'hono';
import { originOf } from '../http/origin.ts';
import type { AppEnv } from '../http/types.ts';
import { llmsText } from './llms.ts';
import { openApiDocument } from './openapi.ts';

/** How long a client may keep a document, in seconds. */
const DOCUMENT_MAX_AGE_SECONDS = 3_600;

/**
 * Origins whose documents are kept built: the loopback names and the machine's addresses a server
 * answers to are a handful, but `*.localhost` names are endless, so past this many a document is
 * built for its request and not kept.
 */
const KEPT_ORIGINS = 8;

export function v1DocumentRoutes(publicUrl: string): Hono<AppEnv> {
  const built = new Map<string, { openapi: string; llms: string }>();
  const documents = (origin: string) => {
    const kept = built.get(origin);
    if (kept) return kept;
    const made = { openapi: JSON.stringify(openApiDocument(origin)), llms: llmsText(origin) };
    if (built.size < KEPT_ORIGINS) built.set(origin, made);
    return made;
  };
  documents(publicUrl);
  const cache = `public, max-age=${DOCUMENT_MAX_AGE_SECONDS}`;
  // A cache keys an answer by its URL, Host included: no Vary needed for the origin.
  const headers = (type: string) => ({ 'Content-Type': type, 'Cache-Control': cache });
  const router = new Hono<AppEnv>();
  router.get('/openapi.json', (c) => c.body(documents(originOf(c) ?? publicUrl).openapi, 200, headers('application/json; charset=utf-8')));
  router.get('/llms.txt', (c) => c.body(documents(originOf(c) ?? publicUrl).llms, 200, headers('text/markdown; charset=utf-8')));
  return router;
}
