/**
 * A local fake of the parts of fal.ai the `fal` engine talks to, on 127.0.0.1, speaking the
 * wire protocol @fal-ai/client 1.10 uses (so the real client runs against it unchanged):
 *
 * - queue: `POST /<endpoint id>[?fal_webhook=…]` submits; `GET /<owner>/<app>/requests/<id>/status?logs=1`
 *   answers IN_QUEUE (with queue_position) → IN_PROGRESS (with logs) → COMPLETED;
 *   `GET /<owner>/<app>/requests/<id>` the result; `PUT …/cancel` cancels. Each job follows a
 *   scenario: how many polls it spends queued and running, or a timer; an error at submit (a 422
 *   validation error, a 503) or at the result (a failed job); a payload without a file; a job
 *   that never ends.
 * - storage: `POST /storage/upload/initiate` → `{ upload_url, file_url }`, the PUT of the bytes,
 *   and the uploaded files served back at `file_url`.
 * - result files: a real PNG (sharp) and a real MP4 (ffmpeg) made at start, served per request;
 *   `GET /redirect?to=<url>` redirects anywhere, `GET /reset` cuts the connection.
 * - webhooks: on completion of a job submitted with a webhook URL, a signed POST to
 *   `webhookTarget` (the test's receiver; never the submitted URL), with an ED25519 key pair made
 *   at start, and the matching JWKS at `/.well-known/jwks.json`.
 *
 * Every request is recorded, so tests can assert what was sent (endpoint id and input). The
 * engine's side (input files, an EngineRequest as the worker builds it) is in fal-requests.ts.
 */
import { execFile } from 'node:child_process';
import { createHash, generateKeyPairSync, randomUUID, sign, type KeyObject } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import ffmpeg from '@ffmpeg-installer/ffmpeg';
import sharp from 'sharp';

export const FAKE_FAL_KEY = 'fake-key-id:fake-key-secret';
/** The fal user id the fake signs webhooks as. */
export const FAKE_FAL_USER = 'fake-user';
/** Size of the fake's result image, in pixels. */
export const RESULT_IMAGE = { width: 96, height: 64 } as const;

export interface FakeScenario {
  /** Status polls answered IN_QUEUE before the job starts (default 1). */
  queuePolls?: number;
  /** Status polls answered IN_PROGRESS before it completes (default 1). */
  progressPolls?: number;
  /**
   * The status of each poll before COMPLETED, instead of queuePolls/progressPolls (fal may put a
   * running request back in the queue when it retries it on another runner).
   */
  sequence?: Array<'IN_QUEUE' | 'IN_PROGRESS'>;
  /** Instead of polls: the job completes this many ms after submit (IN_PROGRESS until then). */
  completeAfterMs?: number;
  /** The job never completes (until cancelled). */
  never?: boolean;
  /** Log lines shown while in progress, one more per poll. */
  logs?: string[];
  /** The submit is answered with this error instead of queuing a job. */
  submitError?: { status: number; body: unknown };
  /** The job completes, but its result is this error (a failed request). */
  resultError?: { status: number; body: unknown };
  /** The result payload, instead of the endpoint's usual shape. */
  result?: (job: FakeJob, fake: FakeFal) => unknown;
}

export interface FakeJob {
  requestId: string;
  /** Full endpoint id, e.g. fal-ai/topaz/upscale/image. */
  endpoint: string;
  input: Record<string, unknown>;
  webhookUrl: string | null;
  scenario: FakeScenario;
  statusPolls: number;
  completed: boolean;
  cancelled: boolean;
  /** URLs of the files its result payload lists (once completed). */
  resultUrls: string[];
}

export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  authorization: string | null;
  /** The object-lifecycle header of a storage upload or a submit (how long fal keeps the files). */
  lifecycle: string | null;
  json: unknown;
}

export interface FakeFal {
  url: string;
  jwksUrl: string;
  requests: RecordedRequest[];
  /** Every submit, accepted or not, in order. */
  submits: Array<{ endpoint: string; input: Record<string, unknown>; webhookUrl: string | null; status: number }>;
  jobs: FakeJob[];
  uploads: Map<string, { bytes: Buffer; contentType: string; name: string }>;
  webhooks: Array<{ url: string; requestId: string; status: number | 'failed' }>;
  png: Buffer;
  mp4: Buffer;
  /** Scenarios for the next submits, first in first out; then `defaultScenario`. */
  scenarios: FakeScenario[];
  defaultScenario: FakeScenario;
  /** Where webhooks are delivered (the URL given at submit is PUBLIC_URL's, which tests do not serve); null: none. */
  webhookTarget: string | null;
  /** Answer the JWKS with this status instead of the keys. */
  jwksStatus: number;
  jwksFetches: number;
  /** Serves `bytes` at a URL of the fake (e.g. a special result file). */
  serve(name: string, bytes: Buffer, contentType: string): string;
  /** Headers of a webhook delivery, signed with the fake's key (or `privateKey`). */
  signWebhook(body: string, options: { requestId: string; timestamp?: number; privateKey?: KeyObject; userId?: string }): Record<string, string>;
  close(): Promise<void>;
}

const execFileAsync = promisify(execFile);

function send(response: ServerResponse, status: number, body: unknown, contentType = 'application/json'): void {
  const bytes = Buffer.isBuffer(body) ? body : Buffer.from(typeof body === 'string' ? body : JSON.stringify(body));
  response.writeHead(status, { 'Content-Type': contentType, 'Content-Length': bytes.length });
  response.end(bytes);
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Log lines as the status endpoint lists them. */
const asLogs = (lines: string[]) => lines.map((message) => ({ message, level: 'INFO', source: 'USER', timestamp: new Date().toISOString() }));

const isVideoEndpoint = (endpoint: string): boolean => endpoint.includes('image-to-video') || endpoint === 'fal-ai/topaz/upscale/video';

export async function startFakeFal(): Promise<FakeFal> {
  const dir = await mkdtemp(join(tmpdir(), 'fake-fal-'));
  const png = await sharp({ create: { width: RESULT_IMAGE.width, height: RESULT_IMAGE.height, channels: 3, background: { r: 200, g: 40, b: 90 } } })
    .png()
    .toBuffer();
  const mp4Path = join(dir, 'result.mp4');
  await execFileAsync(ffmpeg.path, [
    '-hide_banner',
    '-loglevel',
    'error',
    '-f',
    'lavfi',
    '-i',
    'testsrc=size=64x64:rate=24:duration=1',
    '-c:v',
    'libx264',
    '-pix_fmt',
    'yuv420p',
    '-movflags',
    '+faststart',
    '-y',
    mp4Path,
  ]);
  const mp4 = await readFile(mp4Path);
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const jwk = { ...publicKey.export({ format: 'jwk' }), kid: 'fake-key-1', alg: 'EdDSA', use: 'sig' };
  const custom = new Map<string, { bytes: Buffer; contentType: string }>();
  const timers = new Set<NodeJS.Timeout>();
  let base = '';

  const fake: FakeFal = {
    url: '',
    jwksUrl: '',
    requests: [],
    submits: [],
    jobs: [],
    uploads: new Map(),
    webhooks: [],
    png,
    mp4,
    scenarios: [],
    defaultScenario: {},
    webhookTarget: null,
    jwksStatus: 200,
    jwksFetches: 0,
    serve(name, bytes, contentType) {
      custom.set(name, { bytes, contentType });
      return `${base}/custom/${encodeURIComponent(name)}`;
    },
    signWebhook(body, options) {
      const timestamp = String(options.timestamp ?? Math.floor(Date.now() / 1000));
      const userId = options.userId ?? FAKE_FAL_USER;
      const digest = createHash('sha256').update(body).digest('hex');
      const message = Buffer.from([options.requestId, userId, timestamp, digest].join('\n'));
      return {
        'Content-Type': 'application/json',
        'X-Fal-Webhook-Request-Id': options.requestId,
        'X-Fal-Webhook-User-Id': userId,
        'X-Fal-Webhook-Timestamp': timestamp,
        'X-Fal-Webhook-Signature': sign(null, message, options.privateKey ?? privateKey).toString('hex'),
      };
    },
    async close() {
      for (const timer of timers) clearTimeout(timer);
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await rm(dir, { recursive: true, force: true });
    },
  };

  function defaultResult(job: FakeJob): unknown {
    if (isVideoEndpoint(job.endpoint)) {
      return { video: { url: `${base}/results/${job.requestId}.mp4`, content_type: 'video/mp4', file_name: 'output.mp4', file_size: mp4.length }, seed: 7 };
    }
    const image = { url: `${base}/results/${job.requestId}.png`, content_type: 'image/png', file_name: 'output.png', file_size: png.length, ...RESULT_IMAGE };
    if (job.endpoint === 'fal-ai/topaz/upscale/image') return { image };
    return { images: [image], seed: 7, has_nsfw_concepts: [false] };
  }

  function resultOf(job: FakeJob): { status: number; body: unknown } {
    if (job.cancelled) return { status: 400, body: { detail: 'Request was cancelled' } };
    if (job.scenario.resultError) return job.scenario.resultError;
    return { status: 200, body: job.scenario.result ? job.scenario.result(job, fake) : defaultResult(job) };
  }

  function complete(job: FakeJob): void {
    if (job.completed) return;
    job.completed = true;
    const result = resultOf(job);
    job.resultUrls = JSON.stringify(result.body).match(/https?:\/\/[^"]+/g) ?? [];
    // Only ever to the test's own receiver: the URL given at submit is PUBLIC_URL's, not ours.
    const target = fake.webhookTarget;
    if (!target || !job.webhookUrl) return;
    const ok = result.status === 200;
    const body = JSON.stringify({
      request_id: job.requestId,
      gateway_request_id: job.requestId,
      status: ok ? 'OK' : 'ERROR',
      ...(ok ? {} : { error: `Invalid status code: ${result.status}` }),
      payload: result.body,
    });
    fetch(target, { method: 'POST', headers: fake.signWebhook(body, { requestId: job.requestId }), body }).then(
      (response) => {
        fake.webhooks.push({ url: target, requestId: job.requestId, status: response.status });
        return response.body?.cancel();
      },
      () => fake.webhooks.push({ url: target, requestId: job.requestId, status: 'failed' }),
    );
  }

  function statusOf(job: FakeJob): Record<string, unknown> {
    const app = job.endpoint.split('/').slice(0, 2).join('/');
    const urls = {
      request_id: job.requestId,
      response_url: `${base}/${app}/requests/${job.requestId}`,
      status_url: `${base}/${app}/requests/${job.requestId}/status`,
      cancel_url: `${base}/${app}/requests/${job.requestId}/cancel`,
    };
    const { queuePolls = 1, progressPolls = 1, logs = [], completeAfterMs, never } = job.scenario;
    const sequence = job.scenario.sequence ?? [...Array<'IN_QUEUE'>(queuePolls).fill('IN_QUEUE'), ...Array<'IN_PROGRESS'>(progressPolls).fill('IN_PROGRESS')];
    const polls = job.statusPolls;
    const timed = completeAfterMs !== undefined || never === true;
    if (!job.completed && !job.cancelled && !timed && polls > sequence.length) complete(job);
    if (job.completed || job.cancelled) return { status: 'COMPLETED', ...urls, logs: asLogs(logs), metrics: { inference_time: 0.5 } };
    if (timed) return { status: 'IN_PROGRESS', ...urls, logs: asLogs(logs) };
    const seen = sequence.slice(0, polls);
    if (seen.at(-1) === 'IN_QUEUE')
      return { status: 'IN_QUEUE', ...urls, queue_position: sequence.slice(polls).filter((state) => state === 'IN_QUEUE').length };
    // One more log line per poll spent running.
    return { status: 'IN_PROGRESS', ...urls, logs: asLogs(logs.slice(0, seen.filter((state) => state === 'IN_PROGRESS').length)) };
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', base);
    const path = url.pathname;
    const method = request.method ?? 'GET';
    const raw = await readBody(request);
    let json: unknown = null;
    if ((request.headers['content-type'] ?? '').includes('application/json') && raw.length > 0) json = JSON.parse(raw.toString('utf8'));
    fake.requests.push({
      method,
      path,
      query: Object.fromEntries(url.searchParams),
      authorization: request.headers.authorization ?? null,
      lifecycle: String(request.headers['x-fal-object-lifecycle'] ?? request.headers['x-fal-object-lifecycle-preference'] ?? '') || null,
      json,
    });
    const authorized = request.headers.authorization === `Key ${FAKE_FAL_KEY}`;

    if (method === 'GET' && path === '/.well-known/jwks.json') {
      fake.jwksFetches += 1;
      if (fake.jwksStatus !== 200) return send(response, fake.jwksStatus, { detail: 'unavailable' });
      return send(response, 200, { keys: [jwk] });
    }
    if (method === 'POST' && path === '/storage/upload/initiate') {
      if (!authorized) return send(response, 401, { detail: 'Unauthorized' });
      const { content_type: contentType = 'application/octet-stream', file_name: name = 'upload.bin' } = (json ?? {}) as {
        content_type?: string;
        file_name?: string;
      };
      const token = randomUUID();
      const fileUrl = `${base}/storage/files/${token}/${encodeURIComponent(name)}`;
      fake.uploads.set(fileUrl, { bytes: Buffer.alloc(0), contentType, name });
      return send(response, 200, { upload_url: `${base}/storage/put/${token}?name=${encodeURIComponent(name)}`, file_url: fileUrl });
    }
    if (method === 'PUT' && path.startsWith('/storage/put/')) {
      const token = path.slice('/storage/put/'.length);
      const fileUrl = `${base}/storage/files/${token}/${encodeURIComponent(url.searchParams.get('name') ?? '')}`;
      const entry = fake.uploads.get(fileUrl);
      if (!entry) return send(response, 404, { detail: 'Unknown upload' });
      entry.bytes = raw;
      entry.contentType = request.headers['content-type'] ?? entry.contentType;
      return send(response, 200, 'OK', 'text/plain');
    }
    if (method === 'GET' && path.startsWith('/storage/files/')) {
      const entry = fake.uploads.get(`${base}${path}`);
      return entry ? send(response, 200, entry.bytes, entry.contentType) : send(response, 404, { detail: 'Not found' });
    }
    if (method === 'GET' && path.startsWith('/results/')) {
      return path.endsWith('.mp4') ? send(response, 200, mp4, 'video/mp4') : send(response, 200, png, 'image/png');
    }
    // A redirect to anywhere (`?to=`), and a connection cut before any answer: how a result
    // file can misbehave.
    if (method === 'GET' && path === '/redirect') {
      response.writeHead(302, { Location: url.searchParams.get('to') ?? '/' });
      response.end();
      return;
    }
    if (method === 'GET' && path === '/reset') {
      request.socket.destroy();
      return;
    }
    if (method === 'GET' && path.startsWith('/custom/')) {
      const entry = custom.get(decodeURIComponent(path.slice('/custom/'.length)));
      return entry ? send(response, 200, entry.bytes, entry.contentType) : send(response, 404, { detail: 'Not found' });
    }

    if (!authorized) return send(response, 401, { detail: 'Unauthorized' });
    const queueMatch = /^\/([^/]+)\/([^/]+)\/requests\/([^/]+)(\/status|\/cancel)?$/.exec(path);
    if (queueMatch) {
      const [, owner, app, requestId, action] = queueMatch;
      const job = fake.jobs.find((candidate) => candidate.requestId === requestId && candidate.endpoint.startsWith(`${owner}/${app}`));
      if (!job) return send(response, 404, { detail: 'Request not found' });
      if (action === '/status' && method === 'GET') {
        job.statusPolls += 1;
        const status = statusOf(job);
        return send(response, status.status === 'COMPLETED' ? 200 : 202, status);
      }
      if (action === '/cancel' && method === 'PUT') {
        if (job.completed) return send(response, 400, { status: 'ALREADY_COMPLETED' });
        job.cancelled = true;
        return send(response, 202, { status: 'CANCELLATION_REQUESTED' });
      }
      if (action === undefined && method === 'GET') {
        if (!job.completed && !job.cancelled) return send(response, 400, { detail: 'Request is still in progress' });
        const result = resultOf(job);
        return send(response, result.status, result.body);
      }
    }
    if (method === 'POST') {
      const endpoint = path.replace(/^\/+/, '');
      const input = (json ?? {}) as Record<string, unknown>;
      const webhookUrl = url.searchParams.get('fal_webhook');
      const scenario = fake.scenarios.shift() ?? fake.defaultScenario;
      if (scenario.submitError) {
        fake.submits.push({ endpoint, input, webhookUrl, status: scenario.submitError.status });
        return send(response, scenario.submitError.status, scenario.submitError.body);
      }
      const job: FakeJob = {
        requestId: randomUUID(),
        endpoint,
        input,
        webhookUrl,
        scenario,
        statusPolls: 0,
        completed: false,
        cancelled: false,
        resultUrls: [],
      };
      fake.jobs.push(job);
      fake.submits.push({ endpoint, input, webhookUrl, status: 200 });
      if (scenario.completeAfterMs !== undefined) {
        const timer = setTimeout(() => {
          timers.delete(timer);
          if (!job.cancelled) complete(job);
        }, scenario.completeAfterMs);
        timers.add(timer);
      }
      return send(response, 200, { ...statusOf({ ...job, statusPolls: 0 }), status: 'IN_QUEUE', queue_position: 0 });
    }
    return send(response, 404, { detail: 'Not found' });
  }

  const server: Server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => send(response, 500, { detail: String(error) }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.url = base;
  fake.jwksUrl = `${base}/.well-known/jwks.json`;
  return fake;
}
