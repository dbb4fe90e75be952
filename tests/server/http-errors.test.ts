/** Error answers per docs/product-rules.md#api-errors: status, `{ message }` for GET/HEAD, `{ detail }` otherwise. */
import { HTTPException } from 'hono/http-exception';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GetErrorBodySchema, MutationErrorBodySchema } from '../../src/contract/errors.schema.ts';
import { ApiError, readJsonBody } from '../../server/http/errors.ts';
import { HTTP_MESSAGES } from '../../src/contract/http-errors.ts';
import { createTestApp } from './helpers/app.ts';
import { createTestDatabase, type TestDatabase } from './helpers/database.ts';
import { captureLogs, type CapturedLogs } from './helpers/logs.ts';

let test: TestDatabase;
let logs: CapturedLogs;
let app: ReturnType<typeof createTestApp>;

const SECRET = 'db password is hunter2';
const NoteSchema = v.object({ title: v.pipe(v.string(), v.minLength(3)), tags: v.array(v.string()) });

beforeAll(async () => {
  test = await createTestDatabase();
  logs = captureLogs();
  app = createTestApp({
    database: test.database,
    logger: logs.logger,
    extraRoutes: (routes) => {
      routes.all('/api/test/boom', () => {
        throw new Error(SECRET);
      });
      routes.all('/api/test/refused', () => {
        throw new HTTPException(400, { message: 'Invalid mounted path' });
      });
      routes.get('/api/test/teapot', () => {
        throw new ApiError(409, 'This name is already taken.');
      });
      routes.post('/api/test/notes', async (c) => c.json(await readJsonBody(c, NoteSchema), 201));
      routes.get('/api/test/parse', (c) => c.json(v.parse(NoteSchema, {})));
    },
  });
});

afterAll(async () => {
  await test.dispose();
});

const post = (body: string) => app.request('/api/test/notes', { method: 'POST', body, headers: { 'Content-Type': 'application/json' } });
const json = async (response: Response) => ({ status: response.status, type: response.headers.get('content-type'), body: await response.json() });

describe('unknown API paths', () => {
  it('GET → 404 { message }', async () => {
    const result = await json(await app.request('/api/nope'));
    expect(result).toEqual({ status: 404, type: 'application/json', body: { message: 'Not found', code: 'unknownPath' } });
    expect(v.is(GetErrorBodySchema, result.body)).toBe(true);
  });

  it('POST, PUT, DELETE → 404 { detail }', async () => {
    for (const method of ['POST', 'PUT', 'DELETE']) {
      const result = await json(await app.request('/api/nope', { method }));
      expect(result).toEqual({ status: 404, type: 'application/json', body: { detail: 'Not found', code: 'unknownPath' } });
      expect(v.is(MutationErrorBodySchema, result.body)).toBe(true);
    }
  });

  it('answers JSON even to a browser asking for HTML', async () => {
    const response = await app.request('/api/nope', { headers: { Accept: 'text/html,application/xhtml+xml' } });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: 'Not found', code: 'unknownPath' });
  });

  it('answers JSON for /api itself and for non-navigation /auth calls', async () => {
    expect(await json(await app.request('/api'))).toMatchObject({ status: 404, body: { message: 'Not found', code: 'unknownPath' } });
    expect(await json(await app.request('/auth/nope', { method: 'POST', body: '{}' }))).toMatchObject({
      status: 404,
      body: { detail: 'Not found', code: 'unknownPath' },
    });
    expect(await json(await app.request('/auth/nope', { headers: { Accept: 'application/json' } }))).toMatchObject({
      status: 404,
      body: { message: 'Not found', code: 'unknownPath' },
    });
  });

  it('answers other methods on page paths with a JSON 404', async () => {
    expect(await json(await app.request('/about', { method: 'POST' }))).toMatchObject({ status: 404, body: { detail: 'Not found', code: 'unknownPath' } });
  });
});

describe('thrown errors', () => {
  it('an unexpected error is a 500 without its message or stack, logged with its stack', async () => {
    for (const method of ['GET', 'POST']) {
      const response = await app.request('/api/test/boom', { method });
      const text = await response.text();
      expect(response.status).toBe(500);
      const internal = HTTP_MESSAGES.internalError;
      expect(JSON.parse(text)).toEqual(method === 'GET' ? { message: internal, code: 'internalError' } : { detail: internal, code: 'internalError' });
      expect(text).not.toContain('hunter2');
      expect(text).not.toMatch(/at .*\.ts:\d+/);
      const requestId = response.headers.get('x-request-id');
      const line = logs.lines.find((entry) => entry.requestId === requestId);
      expect(line).toMatchObject({ level: 50, msg: 'request failed', status: 500, method });
      const logged = line?.err as { stack?: string } | undefined;
      expect(logged?.stack).toContain(SECRET);
    }
  });

  it('HEAD of a failing route answers the status with no body', async () => {
    const response = await app.request('/api/test/boom', { method: 'HEAD' });
    expect(response.status).toBe(500);
    expect(await response.text()).toBe('');
  });

  it("the framework's own refusal keeps its status and answers the catalogue's text, not the framework's", async () => {
    const refused = { status: 400, type: 'application/json' };
    expect(await json(await app.request('/api/test/refused'))).toEqual({ ...refused, body: { message: HTTP_MESSAGES.requestRefused, code: 'requestRefused' } });
    expect(await json(await app.request('/api/test/refused', { method: 'POST' }))).toEqual({
      ...refused,
      body: { detail: HTTP_MESSAGES.requestRefused, code: 'requestRefused' },
    });
  });

  it('an ApiError keeps its status and text', async () => {
    expect(await json(await app.request('/api/test/teapot'))).toMatchObject({ status: 409, body: { message: 'This name is already taken.' } });
  });

  it('malformed JSON is a 400, invalid content a 422 naming the field', async () => {
    expect(await json(await post('{"title": '))).toMatchObject({ status: 400, body: { detail: 'The request body must be valid JSON.', code: 'invalidJson' } });

    const invalid = await json(await post(JSON.stringify({ title: 'ab', tags: [1] })));
    expect(invalid.status).toBe(422);
    expect(invalid.body.detail).toMatch(/^Invalid input: title: .+; tags\.0: .+/);
    expect(invalid.body.code).toBe('invalidInput');

    expect(await json(await post(JSON.stringify({ title: 'Summer', tags: ['linen'] })))).toEqual({
      status: 201,
      type: 'application/json',
      body: { title: 'Summer', tags: ['linen'] },
    });
  });

  it('a ValiError escaping a service is a 422 too', async () => {
    const result = await json(await app.request('/api/test/parse'));
    expect(result.status).toBe(422);
    expect(result.body.message).toMatch(/^Invalid input: title: /);
    expect(result.body.code).toBe('invalidInput');
  });
});

describe('request log', () => {
  it('writes exactly one line per request with method, path, status, duration, id and length', async () => {
    const response = await app.request('/api/nope?secret=1', { headers: { 'X-Request-Id': 'trace-abc-123' } });
    expect(response.headers.get('x-request-id')).toBe('trace-abc-123');
    const lines = logs.lines.filter((entry) => entry.requestId === 'trace-abc-123');
    expect(lines).toHaveLength(1);
    const [line] = lines;
    expect(line).toMatchObject({ level: 30, msg: 'request', method: 'GET', path: '/api/nope', status: 404, contentLength: 44 });
    expect(Number.isInteger((line?.durationMs as number) * 10)).toBe(true);
    expect(JSON.stringify(line)).not.toContain('secret');
  });

  it('believes X-Forwarded-For only when TRUST_PROXY is on, and only the entry the proxy appended', async () => {
    const trusted = captureLogs();
    const behindProxy = createTestApp({ database: test.database, logger: trusted.logger, trustProxy: true });
    // The client wrote 203.0.113.7 itself; the trusted proxy appended 10.0.0.1, the peer it saw.
    await behindProxy.request('/api/nope', { headers: { 'X-Forwarded-For': '203.0.113.7, 10.0.0.1', 'X-Request-Id': 'proxied' } });
    expect(trusted.lines.find((entry) => entry.requestId === 'proxied')?.ip).toBe('10.0.0.1');

    await app.request('/api/nope', { headers: { 'X-Forwarded-For': '203.0.113.7', 'X-Request-Id': 'direct' } });
    expect(logs.lines.find((entry) => entry.requestId === 'direct')?.ip).toBeUndefined();
  });
});
