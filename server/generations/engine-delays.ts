/**
 * Dev-tools engine delays (POST /api/dev-tools/engine-delay): per account, every run waits a set
 * time before its engine works, so long jobs (progress, cancel, notifications, reloads) can be
 * tried without a slow engine. Held in the database (`dev_engine_delays`), so it reaches the runs
 * of every process — worker processes too — and outlives a restart until set to 0. Nothing sets
 * a delay unless the dev tools are mounted (DEV_TOOLS); each run reads its account's (one indexed
 * read, next to a run of seconds).
 *
 * The wait is part of the run: it counts towards the time limit, and a cancel or the time limit
 * ends it at once (the run's AbortSignal). Meanwhile the run reports its first stage with the
 * progress growing to DELAY_SHARE_PERCENT; the engine's own progress fills the rest.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { EngineName } from '../../src/contract/expected-durations.ts';
import type { Feature } from '../../src/contract/tools.ts';
import type { GenerationStage } from '../../src/contract/generation-stages.ts';
import type { Engine, EngineRequest, EngineResult } from '../engines/types.ts';
import type { EngineDelays } from './engine-delays-repository.ts';
import type { EngineSource } from './runner.ts';

/** Share of the progress bar the delay fills, in percent; the engine's progress is scaled into the rest. */
const DELAY_SHARE_PERCENT = 50;
/** How often the delay reports its progress, in ms (the watch writes at most every 500 ms anyway). */
const DELAY_REPORT_MS = 250;

/** The stage a run of each tool shows first, as its engine would. */
const FIRST_STAGE: Record<Feature, GenerationStage> = {
  'virtual-tryon': 'analyzingPose',
  'image-editing': 'analyzingComposition',
  'body-generator': 'analyzingComposition',
  'hairstyle-changer': 'analyzingComposition',
  'image-to-video': 'generatingMotion',
  'upscaler-image': 'analyzingComposition',
  'upscaler-video': 'renderingFrames',
};

/** Waits `ms` while reporting progress; rejects with the signal's reason when it aborts. */
async function wait(request: EngineRequest, ms: number): Promise<void> {
  const stage = FIRST_STAGE[request.job.feature];
  const started = Date.now();
  for (;;) {
    const elapsed = Date.now() - started;
    request.report(stage, Math.floor((Math.min(elapsed, ms) / ms) * DELAY_SHARE_PERCENT));
    if (elapsed >= ms) return;
    await sleep(Math.min(DELAY_REPORT_MS, ms - elapsed), undefined, { signal: request.signal }).catch(() => {
      throw request.signal.reason;
    });
  }
}

function delayed(engine: Engine, delays: EngineDelays): Engine {
  return {
    name: engine.name,
    supports: (feature) => engine.supports(feature),
    async run<F extends Feature>(request: EngineRequest<F>): Promise<EngineResult> {
      const ms = await delays.get(request.job.userId);
      if (ms <= 0) return engine.run(request);
      await wait(request as unknown as EngineRequest, ms);
      return engine.run({
        ...request,
        report: (stage, percent) => request.report(stage, DELAY_SHARE_PERCENT + (percent * (100 - DELAY_SHARE_PERCENT)) / 100),
      });
    },
  };
}

/** The engines, each waiting its account's delay first. */
export function withEngineDelays(source: EngineSource, delays: EngineDelays): EngineSource {
  const wrapped = new Map<Engine, Engine>();
  return {
    get(name: EngineName) {
      const engine = source.get(name);
      let wrapper = wrapped.get(engine);
      if (!wrapper) {
        wrapper = delayed(engine, delays);
        wrapped.set(engine, wrapper);
      }
      return wrapper;
    },
  };
}
