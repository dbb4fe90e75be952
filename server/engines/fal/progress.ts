/**
 * Progress of a fal run as the worker shows it: a stage (docs/product-rules.md#generation-stages) and a percentage that only
 * goes up. fal tells us the queue state (IN_QUEUE with a position, IN_PROGRESS with logs,
 * COMPLETED) but rarely a percentage, so the estimate is:
 *
 *   uploading inputs        0 → 5 %
 *   each request's share    5 → 92 %, split evenly between the requests of a chain (try-on):
 *     IN_QUEUE              5 % of the share
 *     IN_PROGRESS           10 % → 90 % of the share, rising as 1 − e^(−t / typical duration),
 *                           or faster when the model's own log line says "NN%"
 *   downloading results     95 %
 */
import type { Feature } from '../../../src/contract/tools.ts';
import type { GenerationStage } from '../../../src/contract/generation-stages.ts';

/** Where the request phase starts and ends, in percent of the whole run. */
export const UPLOADED_PERCENT = 5;
const REQUESTS_END_PERCENT = 92;
export const DOWNLOADING_PERCENT = 95;

/** Fractions of a request's share: queued, first sign of work, and the ceiling while running. */
const QUEUED_FRACTION = 0.05;
const STARTED_FRACTION = 0.1;
const RUNNING_CEILING_FRACTION = 0.9;

/** The stages shown while a request runs (first half, second half) and while results download. */
interface StagePlan {
  running: readonly [GenerationStage, GenerationStage];
  finishing: GenerationStage;
}

const STAGES: Readonly<Record<Feature, StagePlan>> = {
  'virtual-tryon': { running: ['analyzingPose', 'processingGarment'], finishing: 'generatingResult' },
  'image-editing': { running: ['analyzingComposition', 'generatingResult'], finishing: 'generatingResult' },
  'body-generator': { running: ['analyzingComposition', 'generatingResult'], finishing: 'generatingResult' },
  'hairstyle-changer': { running: ['analyzingComposition', 'generatingResult'], finishing: 'generatingResult' },
  'image-to-video': { running: ['generatingMotion', 'renderingFrames'], finishing: 'finalizingVideo' },
  'upscaler-image': { running: ['analyzingComposition', 'generatingResult'], finishing: 'generatingResult' },
  'upscaler-video': { running: ['renderingFrames', 'renderingFrames'], finishing: 'finalizingVideo' },
};

/** A percentage in a provider log line ("Processing: 45%", tqdm's " 45%|####"). */
const LOG_PERCENT = /(\d{1,3}(?:\.\d+)?)\s?%/;

export function percentFromLogs(logs: ReadonlyArray<{ message: string }> | undefined): number | null {
  if (!logs) return null;
  for (let index = logs.length - 1; index >= 0; index -= 1) {
    const match = LOG_PERCENT.exec(logs[index]?.message ?? '');
    if (match) {
      const value = Number(match[1]);
      if (value >= 0 && value <= 100) return value;
    }
  }
  return null;
}

export class ProgressTracker {
  readonly #report: (stage: GenerationStage, percent: number) => void;
  readonly #plan: StagePlan;
  readonly #typicalSeconds: number;
  readonly #requests: number;
  #lastPercent = -1;
  #lastStage: GenerationStage | null = null;

  /**
   * @param requests how many queue requests the run makes (a try-on makes one per garment).
   * @param typicalSeconds how long one request usually runs once started.
   */
  constructor(feature: Feature, requests: number, typicalSeconds: number, report: (stage: GenerationStage, percent: number) => void) {
    this.#report = report;
    this.#plan = STAGES[feature];
    this.#requests = Math.max(1, requests);
    this.#typicalSeconds = typicalSeconds;
  }

  /** Reports a stage and percentage unless it would go backwards or repeat itself. */
  #emit(stage: GenerationStage, percent: number): void {
    const rounded = Math.floor(Math.min(99, Math.max(0, percent)));
    const next = Math.max(rounded, this.#lastPercent);
    if (next === this.#lastPercent && stage === this.#lastStage) return;
    this.#lastPercent = next;
    this.#lastStage = stage;
    this.#report(stage, next);
  }

  uploading(done: number, total: number): void {
    this.#emit('queued', total === 0 ? UPLOADED_PERCENT : (UPLOADED_PERCENT * done) / total);
  }

  #share(index: number, fraction: number): number {
    const width = (REQUESTS_END_PERCENT - UPLOADED_PERCENT) / this.#requests;
    return UPLOADED_PERCENT + width * (index + fraction);
  }

  /** Request `index` waits in fal's queue. */
  queued(index: number): void {
    this.#emit('queued', this.#share(index, QUEUED_FRACTION));
  }

  /**
   * Request `index` has been running for `elapsedSeconds`; `logPercent` is the model's own
   * figure when its logs carry one.
   */
  running(index: number, elapsedSeconds: number, logPercent: number | null): void {
    const span = RUNNING_CEILING_FRACTION - STARTED_FRACTION;
    const estimate = 1 - Math.exp(-Math.max(0, elapsedSeconds) / this.#typicalSeconds);
    const reported = logPercent === null ? 0 : logPercent / 100;
    const fraction = STARTED_FRACTION + span * Math.max(estimate, reported);
    const overall = (index + Math.max(estimate, reported)) / this.#requests;
    const stage = overall < 0.5 ? this.#plan.running[0] : this.#plan.running[1];
    this.#emit(stage, this.#share(index, fraction));
  }

  /** Request `index` finished. */
  completed(index: number): void {
    this.#emit(this.#plan.running[1], this.#share(index, 1));
  }

  downloading(): void {
    this.#emit(this.#plan.finishing, DOWNLOADING_PERCENT);
  }
}
