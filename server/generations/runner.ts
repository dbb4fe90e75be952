/**
 * The worker side of a generation: one run of one job, from the queue's handler.
 *
 * A run claims the row (queued/processing → processing, attempts + 1; the new attempt number
 * fences every later write of this run), materializes the input assets into a temporary run
 * directory, runs the engine of the job with an AbortSignal, stores its outputs and marks the job
 * completed with the credit commit — or failed with the refund.
 *
 * Results are stored exactly once per job: the run records the outputs' asset rows on the job
 * (staged_results) before it puts their files into storage, and the rows are inserted in the very
 * transaction that completes and charges the job. A crash in between leaves no asset (nothing to
 * see or use for free); the retry finds the staged results and, when all their files are stored,
 * completes with them without running the engine again (no second copy); a job that ends
 * otherwise has the recorded files removed (here, or by the recovery pass). Meanwhile a watch
 * writes the heartbeat and the engine's progress (at most WATCH_TICK_MS apart, never going
 * backwards) and aborts the engine as soon as the row is no longer this run's (cancelled, or taken
 * over by a newer run after this worker was presumed dead).
 *
 * Ends of a run:
 * - completed: results attached as assets, 'commit' ledger row, in one transaction;
 * - time limit (FEATURE_TIMEOUT_SECONDS, enforced here): failed 'serverTimeout', refund;
 * - EngineError: failed with its message, refund — unless `transient` with retries left: then the
 *   row goes back to queued and the handler throws, so pg-boss retries it with backoff;
 * - network errors: like a transient EngineError; anything else: failed 'failedToProcess', refund;
 * - cancelled or superseded: nothing to write (the canceller refunded);
 * - released (shutdown, or pg-boss's expiry): back to queued, pg-boss retries it.
 * The run directory is removed whatever happens.
 */
import { mkdir, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import * as v from 'valibot';
import { GENERATION_MESSAGES } from '../../src/contract/generation-messages.ts';
import { type GenerationStage } from '../../src/contract/generation-stages.ts';
import { GenerationRequestSchema, type GenerationRequest } from '../../src/contract/generations.schema.ts';
import type { EngineName } from '../../src/contract/expected-durations.ts';
import type { EnginePlan } from '../../src/contract/engine-plan.schema.ts';
import type { Feature } from '../../src/contract/tools.ts';
import type { Engine, EngineInputs, EngineRequest, InputFile } from '../engines/types.ts';
import { EngineError } from '../engines/types.ts';
import type { Logger } from '../logger.ts';
import type { Json } from '../db/schema.ts';
import type { MediaService, PreparedResult, StagedResult } from '../media/types.ts';
import type { GenerationJob } from './jobs.ts';
import type { GenerationRow, GenerationsRepository } from './repository.ts';
import { classify } from './run-errors.ts';
import { settledWithin, startWatch, untilAborted } from './run-watch.ts';

/** How long an aborted engine gets to stop (kill its child processes) before its directory goes, in ms. */
const ENGINE_STOP_GRACE_MS = 5_000;
/** Run directories older than this are leftovers of a killed process, in ms (2 h, past every time limit). */
const LEFTOVER_RUN_DIR_MS = 2 * 60 * 60 * 1_000;

/** Why a run was stopped from outside the engine. */
class RunStop extends Error {
  readonly kind: 'timeout' | 'lost' | 'released';

  constructor(kind: 'timeout' | 'lost' | 'released') {
    super(`run stopped: ${kind}`);
    this.name = 'RunStop';
    this.kind = kind;
  }
}

/** Where the engines come from: by the engine name recorded on the job. */
export interface EngineSource {
  get(name: EngineName): Engine;
}

export interface RunnerDeps {
  repository: GenerationsRepository;
  media: MediaService;
  engines: EngineSource;
  logger: Logger;
  now: () => number;
  /** The time limit of a feature's runs, in ms. */
  timeoutMs: (feature: Feature) => number;
  /** Parent of the run directories (under DATA_DIR). */
  workRoot: string;
  /**
   * Test-only: awaited after pg-boss handed the job over and before the claim, the window in
   * which a dead worker strands a job (GenerationsTuning.beforeClaim). Production sets none.
   */
  beforeClaim?: (job: GenerationJob) => Promise<void>;
}

export interface Runner {
  /** The queue handler: runs one job. Throws only to have pg-boss retry it. */
  run(job: GenerationJob): Promise<void>;
  /** Stops this process's run of `id` at once (a cancel; other processes notice through the row). */
  abort(id: string): void;
  /**
   * Shutdown: waits up to `timeoutMs` for the runs in progress, then releases the rest (back to
   * queued, for pg-boss to retry) and waits for them to wind down.
   */
  stop(timeoutMs: number): Promise<void>;
  /** Removes run directories left by a killed process. */
  cleanLeftovers(): Promise<void>;
}

/** The stored request, typed again (it was validated with the same schema at submit). */
function storedRequest(row: GenerationRow): GenerationRequest {
  return v.parse(GenerationRequestSchema, { feature: row.feature, inputs: row.inputs, params: row.params });
}

function engineInputs(request: GenerationRequest, files: ReadonlyMap<string, InputFile>): EngineInputs[Feature] {
  const file = (id: string | null | undefined): InputFile => {
    const found = id ? files.get(id) : undefined;
    if (!found) throw new EngineError('assetNotFound');
    return found;
  };
  const optional = (id: string | null | undefined): InputFile | null => (id ? file(id) : null);
  switch (request.feature) {
    case 'virtual-tryon':
      return {
        model: file(request.inputs.model),
        garments: request.inputs.garments.map((garment) => ({ ...file(garment.asset_id), category: garment.category })),
      };
    case 'image-editing':
      return { images: request.inputs.images.map((id) => file(id)) };
    case 'body-generator':
      return { face: optional(request.inputs.face) };
    case 'hairstyle-changer':
      return { image: file(request.inputs.image), mask: optional(request.inputs.mask), reference: optional(request.inputs.reference) };
    case 'image-to-video':
    case 'upscaler-image':
      return { image: file(request.inputs.image) };
    case 'upscaler-video':
      return { video: file(request.inputs.video) };
  }
}

function isInside(dir: string, file: string): boolean {
  const relative = path.relative(dir, path.resolve(dir, file));
  return relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative);
}

export function createRunner(deps: RunnerDeps): Runner {
  const log = deps.logger.child({ area: 'generations' });
  /** Runs in progress in this process, by generation id. */
  const running = new Map<string, { controller: AbortController; done: Promise<void> }>();
  let stopping = false;
  const now = () => new Date(deps.now());

  async function execute(job: GenerationJob, row: GenerationRow, controller: AbortController): Promise<void> {
    const attempt = row.attempts;
    const runLog = log.child({ generationId: row.id, feature: row.feature, attempt });
    const watch = startWatch(deps, row.id, attempt, () => controller.abort(new RunStop('lost')), runLog);
    const timer = setTimeout(() => controller.abort(new RunStop('timeout')), deps.timeoutMs(row.feature as Feature));
    // pg-boss aborts its signal when it gives the job up (shutdown after its grace, or expiry).
    const onReleased = () => controller.abort(new RunStop('released'));
    job.signal.addEventListener('abort', onReleased, { once: true });
    let engineSettled: Promise<unknown> = Promise.resolve();
    let runDir: string | undefined;
    /** The results recorded on the row by this run (or reused from an earlier one), if any. */
    let staged: StagedResult[] = [];
    const lost = () => {
      controller.abort(new RunStop('lost'));
      return controller.signal.reason as RunStop;
    };
    try {
      const request = storedRequest(row);
      const earlier = deps.media.readStaged(row.staged_results);
      if (earlier.length > 0) {
        staged = earlier;
        // An earlier run stored these results and died before completing: reuse them (no second
        // copy, no second engine run) when every file made it into storage.
        if (await deps.media.resultsStored(earlier)) {
          await watch.stop();
          await finish(row, earlier, runLog);
          return;
        }
        await deps.media.discardResults(earlier);
        staged = [];
        if (!(await deps.repository.stage(row.id, attempt, null))) throw lost();
      }

      const engine = deps.engines.get(row.engine as EngineName);
      if (!engine.supports(request.feature)) throw new Error(`the ${engine.name} engine cannot run ${request.feature}`);
      await mkdir(deps.workRoot, { recursive: true });
      runDir = await mkdtemp(path.join(deps.workRoot, `${row.id}-`));
      const inputsDir = path.join(runDir, 'inputs');
      const workDir = path.join(runDir, 'work');
      const resultsDir = path.join(runDir, 'results');
      await Promise.all([mkdir(inputsDir), mkdir(workDir), mkdir(resultsDir)]);

      const assets = await untilAborted(deps.media.findOwned(row.user_id, row.input_asset_ids), controller.signal);
      if (assets.length !== new Set(row.input_asset_ids).size) throw new EngineError('assetNotFound');
      const files = new Map<string, InputFile>();
      for (const asset of assets) files.set(asset.id, await untilAborted(deps.media.materialize(asset, inputsDir), controller.signal));

      const engineRequest = {
        job: { id: row.id, feature: request.feature, userId: row.user_id, attempt },
        inputs: engineInputs(request, files),
        params: request.params,
        report: (stage: GenerationStage, percent: number) => watch.report(stage, percent),
        signal: controller.signal,
        workDir,
      } as EngineRequest<Feature>;
      const work = engine.run(engineRequest);
      engineSettled = work.catch(() => undefined);
      const result = await untilAborted(work, controller.signal);
      clearTimeout(timer);

      if (result.outputs.length === 0) throw new EngineError('noResultImage');
      for (const output of result.outputs) {
        if (!isInside(workDir, output.path) || !(await stat(output.path).catch(() => null))?.isFile()) {
          throw new Error(`engine output outside its work directory or missing: ${output.path}`);
        }
      }
      const prepared: PreparedResult[] = [];
      for (const output of result.outputs) {
        if (controller.signal.aborted) throw controller.signal.reason;
        prepared.push(
          await deps.media.prepareResult(row.user_id, output, { generationId: row.id, feature: request.feature, metadata: result.metadata }, resultsDir),
        );
      }
      // Recorded before a file is put, so whatever lands in storage is known to the row: a retry
      // reuses it, and a job that ends otherwise has it removed.
      const planned = prepared.map((item) => item.staged);
      if (!(await deps.repository.stage(row.id, attempt, planned as unknown as Json[]))) throw lost();
      staged = planned;
      await deps.media.putResults(prepared);
      if (controller.signal.aborted) throw controller.signal.reason;
      await watch.stop();
      await finish(row, staged, runLog, result.plan);
    } catch (error) {
      clearTimeout(timer);
      await watch.stop();
      await settleFailure(job, row, controller, error, runLog);
      if (staged.length > 0) await releaseStaged(row.id, staged, runLog);
    } finally {
      clearTimeout(timer);
      job.signal.removeEventListener('abort', onReleased);
      if (controller.signal.aborted) await settledWithin(engineSettled, ENGINE_STOP_GRACE_MS);
      if (runDir)
        await rm(runDir, { recursive: true, force: true }).catch((error: unknown) => runLog.warn({ err: error }, 'could not remove the run directory'));
    }
  }

  /**
   * Completes the job with its stored results: their assets are inserted in the transaction that
   * completes and charges it. When the run is no longer current, the results are released.
   */
  async function finish(row: GenerationRow, results: StagedResult[], runLog: Logger, plan?: EnginePlan): Promise<void> {
    const ids = results.map((item) => item.id);
    const completed = await deps.repository.complete(row.id, row.attempts, ids, now(), (trx) => deps.media.attachResults(trx, results), plan);
    if (!completed) {
      runLog.info('generation ended elsewhere before completing');
      await releaseStaged(row.id, results, runLog);
      return;
    }
    runLog.info({ results: ids.length }, 'generation completed');
  }

  /**
   * Results this run staged but did not attach: while the job is pending, they are the next run's
   * (it reuses or removes them); once it has ended without them (failed, cancelled), their files
   * are removed and the row's record of them cleared. A completed job keeps what it attached.
   */
  async function releaseStaged(id: string, results: StagedResult[], runLog: Logger): Promise<void> {
    try {
      const current = await deps.repository.findById(id);
      if (current && (current.status === 'queued' || current.status === 'processing')) return;
      if (current?.status === 'completed') {
        const attached = new Set(current.result_asset_ids);
        results = results.filter((item) => !attached.has(item.id));
        if (results.length === 0) return;
      }
      await deps.media.discardResults(results);
      if (current && current.status !== 'completed') await deps.repository.clearStaged(id);
    } catch (error) {
      // The recovery pass removes what is still recorded on an ended job.
      runLog.warn({ err: error }, 'could not remove unattached results');
    }
  }

  async function settleFailure(job: GenerationJob, row: GenerationRow, controller: AbortController, error: unknown, runLog: Logger): Promise<void> {
    const attempt = row.attempts;
    const stop = controller.signal.aborted && controller.signal.reason instanceof RunStop ? controller.signal.reason : null;
    const fence = { attempt, statuses: ['processing' as const] };
    if (stop?.kind === 'lost') {
      runLog.info('generation cancelled or taken over: run stopped');
      return;
    }
    if (stop?.kind === 'timeout') {
      await deps.repository.fail(row.id, { code: 'serverTimeout', message: GENERATION_MESSAGES.serverTimeout }, now(), fence);
      runLog.warn({ timeoutMs: deps.timeoutMs(row.feature as Feature) }, 'generation timed out');
      return;
    }
    if (stop?.kind === 'released') {
      await deps.repository.requeue(row.id, attempt);
      runLog.info('generation released (shutdown or expiry): queued again');
      throw error;
    }
    const failure = classify(error);
    if (failure.transient && job.retryCount < job.retryLimit) {
      await deps.repository.requeue(row.id, attempt);
      runLog.warn({ err: error, retry: job.retryCount + 1, of: job.retryLimit }, 'transient generation failure: retrying');
      throw error;
    }
    await deps.repository.fail(row.id, { code: failure.code, message: failure.message }, now(), fence);
    if (failure.unexpected) runLog.error({ err: error }, 'generation failed unexpectedly');
    else runLog.info({ code: failure.code }, 'generation failed');
  }

  return {
    async run(job) {
      const id = job.data.generationId;
      // Fetched while this process shuts down: left to pg-boss to hand out again.
      if (stopping) throw new Error('shutting down: generation not started');
      await deps.beforeClaim?.(job);
      const claim = await deps.repository.claim(id, now(), job.retryCount);
      // Ended (cancelled, deleted) before a worker got to it: nothing to do.
      if (claim.kind === 'ended') return;
      // This attempt was taken back (this worker looked dead: recovery.ts) or a newer one holds
      // the job: the run is theirs. pg-boss's fail of this attempt changes nothing then.
      if (claim.kind === 'refused') throw new Error('generation attempt taken back before its claim: not started');
      const row = claim.row;
      const controller = new AbortController();
      const done = execute(job, row, controller);
      const entry = { controller, done: done.catch(() => undefined) };
      running.set(id, entry);
      try {
        await done;
      } finally {
        if (running.get(id) === entry) running.delete(id);
      }
    },
    abort(id) {
      running.get(id)?.controller.abort(new RunStop('lost'));
    },
    async stop(timeoutMs) {
      stopping = true;
      const all = () => Promise.all([...running.values()].map((entry) => entry.done));
      let timer: NodeJS.Timeout | undefined;
      const waited = await Promise.race([all().then(() => true), new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), timeoutMs)))]);
      clearTimeout(timer);
      if (waited) return;
      log.info({ running: running.size }, 'releasing generations still running');
      for (const entry of running.values()) entry.controller.abort(new RunStop('released'));
      await all();
    },
    async cleanLeftovers() {
      const entries = await readdir(deps.workRoot, { withFileTypes: true }).catch(() => []);
      const cutoff = Date.now() - LEFTOVER_RUN_DIR_MS;
      for (const entry of entries) {
        if (!entry.isDirectory()) continue;
        const dir = path.join(deps.workRoot, entry.name);
        const info = await stat(dir).catch(() => null);
        if (info && info.mtimeMs < cutoff) await rm(dir, { recursive: true, force: true }).catch(() => undefined);
      }
    },
  };
}
