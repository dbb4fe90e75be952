/**
 * The `fal` engine: each tool runs on fal.ai through its queue API (@fal-ai/client): inputs are
 * uploaded to fal's storage, a request is submitted (with a webhook URL when PUBLIC_URL is
 * reachable from the internet), its status is polled with logs and turned into progress, the
 * result payload is read, and its files are downloaded into the run's work directory for the
 * worker to store as assets. Which endpoint and which input per feature: endpoints.ts.
 *
 * Wiring (the engine registry and app.ts):
 *   const fal = createFalEngine({ config: config.fal, publicUrl: config.publicUrl, logger });
 *   app.route('/api/engines/fal', createFalWebhookRoutes({
 *     verifier: createFalWebhookVerifier({ jwksUrl: fal.urls.jwks }),
 *     logger,
 *     onWebhook: (delivery) => fal.notify(delivery.requestId),
 *   }));
 *
 * Failures: fal's 4xx answers are permanent ('failedToProcess'); 429, 5xx and network failures
 * are transient (retried by the worker); a result without a file is 'missingResult'. The
 * provider's details go to the log, never to the person. When the run's signal aborts (cancel,
 * time limit), the fal request is cancelled and the signal's reason is thrown.
 */
import { join } from 'node:path';
import type { FalClient } from '@fal-ai/client';
import sharp from 'sharp';
import type { FalConfig } from '../../config.ts';
import type { Json } from '../../db/schema.ts';
import type { Logger } from '../../logger.ts';
import { FEATURES, type Feature } from '../../../src/contract/tools.ts';
import { FOUR_K_PIXELS } from '../../../src/contract/generation-params.ts';
import type { AssetWarning } from '../../../src/contract/media.ts';
import { EngineError, type Engine, type EngineOutput, type EngineRequest, type EngineResult, type InputFile } from '../types.ts';
import { createFal, falUrls, toEngineError, type FalUrls } from './client.ts';
import { TYPICAL_SECONDS, editCall, tryOnCall, tryOnSequence, upscaleImageCall, upscaleVideoCall, videoCall, type FalCall } from './endpoints.ts';
import { FAL_STORAGE_SETTINGS, downloadResult, uploadFile } from './files.ts';
import { ProgressTracker, percentFromLogs } from './progress.ts';
import { Wakeups, type Watch } from './wakeups.ts';
import { webhookUrlFor } from './webhook-url.ts';
import { bodyCall, hairstyleCall, type BodyParameters } from './prompt-calls.ts';
import { filesOf, seedOf, type ResultFile } from './results.ts';

export { createFalWebhookRoutes, createFalWebhookVerifier } from './webhook.ts';
export type { FalUrls } from './client.ts';

/** Time between status polls, in ms (a webhook wakes the run sooner). */
const POLL_INTERVAL_MS = 1_500;
/** Time a cancel request may take once the run was aborted, in ms. */
const CANCEL_TIMEOUT_MS = 5_000;
/** Path of the webhook route under PUBLIC_URL. */
export { FAL_WEBHOOK_PATH, isReachableHost, webhookUrlFor } from './webhook-url.ts';

export interface FalEngineOptions {
  config: FalConfig;
  /** PUBLIC_URL: webhooks are asked for only when fal can reach it (not a local address). */
  publicUrl: string;
  logger: Logger;
  /** fetch for fal's API and uploads (tests may wrap it); result downloads go through result-fetch.ts. */
  fetch?: typeof fetch;
  /** Time between status polls, in ms. */
  pollIntervalMs?: number;
  /** Other addresses for fal's storage or webhook keys than falUrls derives. */
  urls?: Partial<FalUrls>;
}

export interface FalEngine extends Engine {
  readonly name: 'fal';
  /** Where this engine sends queue and storage calls, and where webhook keys are. */
  readonly urls: FalUrls;
  /** The webhook URL sent with each request, or null when PUBLIC_URL is local (polling only). */
  readonly webhookUrl: string | null;
  /** A verified webhook arrived for `requestId`: wake its run. False when no run here waits on it. */
  notify(requestId: string): boolean;
}

/** What one run carries through its steps. */
interface Run {
  request: EngineRequest;
  log: Logger;
  progress: ProgressTracker;
}

interface Done {
  requestId: string;
  data: unknown;
  files: ResultFile[];
}

function resultMetadata(call: FalCall, done: Done): EngineResult['metadata'] {
  const seed = seedOf(done.data);
  return { engine: 'fal', endpoint: call.endpoint, request_id: done.requestId, ...call.notes, ...(seed === null ? {} : { seed }) };
}

/** How many queue requests a run makes (progress splits between them). */
function requestCount(request: EngineRequest): number {
  return request.job.feature === 'virtual-tryon' ? Math.max(1, (request as EngineRequest<'virtual-tryon'>).inputs.garments.length) : 1;
}

export function createFalEngine(options: FalEngineOptions): FalEngine {
  const fetchImpl = options.fetch ?? fetch;
  const urls = falUrls(options.config, options.urls);
  const fal: FalClient = createFal(options.config, urls, fetchImpl);
  const webhookUrl = webhookUrlFor(options.publicUrl);
  // Result files come from public addresses only, or from FAL_QUEUE_URL's own origin.
  const resultPolicy = { trustedOrigin: new URL(urls.queue).origin };
  const pollIntervalMs = options.pollIntervalMs ?? POLL_INTERVAL_MS;
  const wakeups = new Wakeups();
  const baseLogger = options.logger.child({ area: 'engine', engine: 'fal' });

  async function upload(run: Run, file: InputFile | { path: string; mime: string }, name?: string): Promise<string> {
    run.request.signal.throwIfAborted();
    try {
      return await uploadFile(fal, file.path, file.mime, name);
    } catch (error) {
      run.request.signal.throwIfAborted();
      throw toEngineError(error, run.log, { endpoint: 'storage', step: 'upload' });
    }
  }

  /** Uploads several files, reporting progress as each one lands. */
  async function uploadAll(run: Run, files: ReadonlyArray<{ path: string; mime: string; name?: string }>): Promise<string[]> {
    let done = 0;
    run.progress.uploading(0, files.length);
    return Promise.all(
      files.map(async (file) => {
        const url = await upload(run, file, file.name);
        done += 1;
        run.progress.uploading(done, files.length);
        return url;
      }),
    );
  }

  async function cancel(run: Run, endpoint: string, requestId: string): Promise<void> {
    try {
      await fal.queue.cancel(endpoint, { requestId, abortSignal: AbortSignal.timeout(CANCEL_TIMEOUT_MS) });
      run.log.info({ endpoint, request_id: requestId }, 'fal request cancelled');
    } catch (error) {
      // Already finished, or fal unreachable: nothing more to do; the result is simply not fetched.
      run.log.warn({ endpoint, request_id: requestId, err: error }, 'fal request could not be cancelled');
    }
  }

  /** Submits one request, follows it to its end and answers its result payload. */
  async function perform(run: Run, call: FalCall, index: number): Promise<Done> {
    const { signal } = run.request;
    let requestId: string | null = null;
    let watch: Watch | null = null;
    let step = 'submit';
    try {
      signal.throwIfAborted();
      const submitted = await fal.queue.submit(call.endpoint, {
        input: call.input,
        ...(webhookUrl ? { webhookUrl } : {}),
        storageSettings: FAL_STORAGE_SETTINGS,
        abortSignal: signal,
      });
      requestId = submitted.request_id;
      watch = wakeups.watch(requestId);
      run.log.info({ endpoint: call.endpoint, request_id: requestId, webhook: webhookUrl !== null }, 'fal request submitted');
      run.progress.queued(index);
      let startedAt: number | null = null;
      let logsSeen = 0;
      step = 'status';
      for (;;) {
        const status = await fal.queue.status(call.endpoint, { requestId, logs: true, abortSignal: signal });
        const logs = 'logs' in status && Array.isArray(status.logs) ? status.logs : [];
        for (const entry of logs.slice(logsSeen)) run.log.debug({ request_id: requestId, provider_log: entry.message }, 'fal log');
        logsSeen = Math.max(logsSeen, logs.length);
        if (status.status === 'IN_QUEUE') {
          run.progress.queued(index);
        } else if (status.status === 'IN_PROGRESS') {
          startedAt ??= performance.now();
          run.progress.running(index, (performance.now() - startedAt) / 1000, percentFromLogs(logs));
        } else {
          // COMPLETED, or a state fal may add later: the result call tells success from failure.
          break;
        }
        await watch.wait(pollIntervalMs, signal);
      }
      step = 'result';
      const result = await fal.queue.result(call.endpoint, { requestId, abortSignal: signal });
      run.progress.completed(index);
      const files = filesOf(result.data, call.output);
      if (files.length === 0) {
        run.log.warn({ endpoint: call.endpoint, request_id: requestId, result: result.data as Json }, 'fal result holds no file');
        throw new EngineError('missingResult');
      }
      return { requestId, data: result.data, files };
    } catch (error) {
      if (signal.aborted) {
        if (requestId) await cancel(run, call.endpoint, requestId);
        throw signal.reason;
      }
      throw toEngineError(error, run.log, { endpoint: call.endpoint, requestId, step });
    } finally {
      watch?.close();
    }
  }

  async function download(run: Run, file: ResultFile, name: string): Promise<Awaited<ReturnType<typeof downloadResult>>> {
    try {
      return await downloadResult(resultPolicy, file.url, run.request.workDir, name, run.request.signal);
    } catch (error) {
      run.request.signal.throwIfAborted();
      throw toEngineError(error, run.log, { endpoint: 'download', step: 'download' });
    }
  }

  /** Downloads every file of a finished request as images or videos of the given kind. */
  async function outputsOf(run: Run, done: Done, base: string, shape: Pick<EngineOutput, 'kind' | 'roles'>): Promise<EngineOutput[]> {
    run.progress.downloading();
    const outputs: EngineOutput[] = [];
    for (const [index, file] of done.files.entries()) {
      const stem = done.files.length > 1 ? `${base}-${index + 1}` : base;
      const { path, sniffed } = await download(run, file, stem);
      outputs.push({ path, mediaType: sniffed.mediaType, mime: sniffed.mime, kind: shape.kind, roles: shape.roles, name: `${stem}.${sniffed.extension}` });
    }
    return outputs;
  }

  const runners: { [F in Feature]: (run: Run, request: EngineRequest<F>) => Promise<EngineResult> } = {
    async 'upscaler-image'(run, request) {
      const [imageUrl = ''] = await uploadAll(run, [request.inputs.image]);
      const call = upscaleImageCall(request.params, imageUrl);
      const done = await perform(run, call, 0);
      const [output] = await outputsOf(run, done, `upscaled-${request.params.factor}x`, { kind: 'upscaled', roles: ['image'] });
      if (!output || output.mediaType !== 'image') throw new EngineError('missingResult');
      if (call.convertTo === 'webp' && output.mime !== 'image/webp') {
        const webpPath = join(request.workDir, `upscaled-${request.params.factor}x.webp`);
        // Near-lossless at this quality; Topaz had no WebP of its own to give.
        await sharp(output.path, { limitInputPixels: false }).webp({ quality: 92 }).toFile(webpPath);
        Object.assign(output, { path: webpPath, mime: 'image/webp', name: `upscaled-${request.params.factor}x.webp` });
      }
      const { width = 0, height = 0 } = await sharp(output.path, { limitInputPixels: false }).metadata();
      const warnings: AssetWarning[] = width * height > FOUR_K_PIXELS ? ['over4k'] : [];
      output.warnings = warnings;
      output.metadata = { width, height };
      return { outputs: [output], metadata: resultMetadata(call, done) };
    },

    async 'upscaler-video'(run, request) {
      const video = request.inputs.video;
      const [videoUrl = ''] = await uploadAll(run, [video]);
      const call = upscaleVideoCall(request.params, videoUrl, video.height);
      const done = await perform(run, call, 0);
      const [output] = await outputsOf(run, done, `upscaled-${call.factor}x`, { kind: 'upscaled', roles: ['video'] });
      if (!output || output.mediaType !== 'video') throw new EngineError('missingResult');
      // The size Topaz aims for; the worker probes the file for the real one.
      const width = Math.round(video.width * call.factor);
      const height = Math.round(video.height * call.factor);
      output.warnings = width * height > FOUR_K_PIXELS ? ['over4k'] : [];
      output.metadata = { expected_width: width, expected_height: height };
      return { outputs: [output], metadata: resultMetadata(call, done) };
    },

    async 'image-to-video'(run, request) {
      const [imageUrl = ''] = await uploadAll(run, [request.inputs.image]);
      const call = videoCall(request.params, imageUrl);
      const done = await perform(run, call, 0);
      const [output] = await outputsOf(run, done, 'video', { kind: 'video', roles: ['video'] });
      if (!output || output.mediaType !== 'video') throw new EngineError('missingResult');
      return { outputs: [output], metadata: resultMetadata(call, done) };
    },

    async 'virtual-tryon'(run, request) {
      const { model, garments } = request.inputs;
      const sequence = tryOnSequence(garments);
      const [modelUrl = '', ...garmentUrls] = await uploadAll(run, [model, ...sequence]);
      let current = modelUrl;
      let last: { call: FalCall; done: Done } | null = null;
      const steps: Json[] = [];
      for (const [index, garment] of sequence.entries()) {
        const call = tryOnCall(current, garmentUrls[index] ?? '', garment.category);
        const done = await perform(run, call, index);
        // Each result is the next garment's model photo: the chain dresses one layer at a time.
        current = done.files[0]?.url ?? '';
        steps.push({ asset_id: garment.assetId, ...call.notes, request_id: done.requestId });
        last = { call, done };
      }
      if (!last) throw new EngineError('selectModelAndGarment');
      const [output] = await outputsOf(run, { ...last.done, files: last.done.files.slice(0, 1) }, 'tryon-result', { kind: 'image', roles: ['image', 'model'] });
      if (!output || output.mediaType !== 'image') throw new EngineError('noResultImage');
      const metadata: EngineResult['metadata'] = {
        engine: 'fal',
        endpoint: last.call.endpoint,
        request_id: last.done.requestId,
        request_ids: steps.map((step) => (step as { request_id: string }).request_id),
        garments: steps,
      };
      if (request.params.prompt) metadata.adjustments = ['The try-on endpoint takes no prompt: the prompt was not used'];
      return { outputs: [output], metadata };
    },

    async 'image-editing'(run, request) {
      const prompt = request.params.prompt.trim();
      if (!prompt) throw new EngineError('missingPrompt');
      const uploaded = await uploadAll(run, request.inputs.images);
      const call = editCall(prompt, uploaded);
      const done = await perform(run, call, 0);
      const outputs = await outputsOf(run, done, 'edited', { kind: 'image', roles: ['image'] });
      if (outputs.some((output) => output.mediaType !== 'image')) throw new EngineError('noResultImage');
      return { outputs, metadata: resultMetadata(call, done) };
    },

    async 'hairstyle-changer'(run, request) {
      const { image, mask, reference } = request.inputs;
      if (!request.params.style && !reference) throw new EngineError('selectImageAndHairstyle');
      const files: Array<{ path: string; mime: string; name?: string }> = [image];
      let maskIndex = -1;
      if (mask && !reference) {
        // FLUX Fill wants the mask at the photo's size: white = repaint, black = keep.
        const maskPath = join(request.workDir, 'hair-mask.png');
        await sharp(mask.path).flatten({ background: '#000000' }).resize(image.width, image.height, { fit: 'fill' }).greyscale().png().toFile(maskPath);
        maskIndex = files.push({ path: maskPath, mime: 'image/png', name: 'hair-mask.png' }) - 1;
      }
      const referenceIndex = reference ? files.push(reference) - 1 : -1;
      const uploaded = await uploadAll(run, files);
      const call = hairstyleCall(request.params, {
        image: uploaded[0] ?? '',
        mask: maskIndex >= 0 ? (uploaded[maskIndex] ?? null) : null,
        reference: referenceIndex >= 0 ? (uploaded[referenceIndex] ?? null) : null,
      });
      if (mask && reference) call.notes.adjustments = ['The reference-photo edit cannot take a mask: the mask was not used'];
      const done = await perform(run, call, 0);
      const [output] = await outputsOf(run, { ...done, files: done.files.slice(0, 1) }, 'hairstyle', { kind: 'image', roles: ['image'] });
      if (!output || output.mediaType !== 'image') throw new EngineError('noResultImage');
      return { outputs: [output], metadata: resultMetadata(call, done) };
    },

    async 'body-generator'(run, request) {
      const p = request.params;
      if (!p.gender || !p.height || !p.weight || !p.age || !p.skin_tone || !p.body_type || !p.aspect_ratio) throw new EngineError('bodyParametersRequired');
      const body: BodyParameters = {
        ...p,
        gender: p.gender,
        height: p.height,
        weight: p.weight,
        age: p.age,
        skin_tone: p.skin_tone,
        body_type: p.body_type,
        aspect_ratio: p.aspect_ratio,
      };
      const face = request.inputs.face;
      const [faceUrl = null] = face ? await uploadAll(run, [face]) : [];
      const call = bodyCall(body, faceUrl);
      const done = await perform(run, call, 0);
      const [output] = await outputsOf(run, { ...done, files: done.files.slice(0, 1) }, 'body-model', { kind: 'image', roles: ['image', 'model'] });
      if (!output || output.mediaType !== 'image') throw new EngineError('noResultImage');
      return { outputs: [output], metadata: resultMetadata(call, done) };
    },
  };

  return {
    name: 'fal',
    urls,
    webhookUrl,
    supports: (feature) => FEATURES.includes(feature),
    notify: (requestId) => wakeups.notify(requestId),
    async run<F extends Feature>(request: EngineRequest<F>): Promise<EngineResult> {
      const feature: Feature = request.job.feature;
      const generic = request as unknown as EngineRequest;
      const run: Run = {
        request: generic,
        log: baseLogger.child({ generation_id: request.job.id, feature, attempt: request.job.attempt }),
        progress: new ProgressTracker(feature, requestCount(generic), TYPICAL_SECONDS[feature], request.report),
      };
      const runner = runners[feature] as (run: Run, request: EngineRequest) => Promise<EngineResult>;
      return runner(run, generic);
    },
  };
}
