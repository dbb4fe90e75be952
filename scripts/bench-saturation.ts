/**
 * Open-loop load at a fixed rate, and the search for a path's saturation throughput: the highest
 * offered rate (requests per second) whose p99 latency stays under a bound with no error
 * (scripts/bench-public-api.ts prints it for /api and /v1).
 *
 * The search doubles the rate from `start` until a step fails (or `max` passes), then bisects
 * between the last rate that held and the first that did not, until they are within `precision`
 * of each other or `maxSteps` steps have run: its time is bounded by `maxSteps` × the step's
 * length. A step that falls too far behind (more requests in flight than `backlogSeconds` of its
 * rate) stops sending at once and counts as failed: a collapsed server would otherwise keep the
 * bench waiting on a queue that never drains, and carry that queue into the next step.
 */
import { Agent, request as httpRequest } from 'node:http';

export interface StepResult {
  /** Offered rate, requests per second. */
  rate: number;
  p50: number;
  p99: number;
  /** Requests sent (and answered or failed). */
  requests: number;
  /** Answers other than 200, transport errors and timeouts. */
  errors: number;
  /** The step stopped sending because its backlog grew past the bound. */
  overloaded: boolean;
}

export interface LoadOptions {
  /** Offered rate, requests per second. */
  rate: number;
  seconds: number;
  /** The i-th request's Authorization header. */
  authorization: (index: number) => string;
  /** Stop sending once more than this many seconds of requests are in flight (open loop, unbounded when absent). */
  backlogSeconds?: number;
}

/** Keep-alive sockets to the server: what a busy integration or a proxy in front would hold. */
const MAX_SOCKETS = 16;
/** A request not answered within this long counts as an error, in ms. */
const REQUEST_TIMEOUT_MS = 10_000;
/** The fewest requests a backlog bound allows in flight (a low rate's second is only a few). */
const MIN_BACKLOG_REQUESTS = 50;

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

function once(url: URL, agent: Agent, authorization: string): Promise<{ ms: number; ok: boolean }> {
  return new Promise((done) => {
    const started = process.hrtime.bigint();
    const elapsed = () => Number(process.hrtime.bigint() - started) / 1e6;
    const req = httpRequest(url, { agent, headers: { Authorization: authorization }, timeout: REQUEST_TIMEOUT_MS }, (res) => {
      res.resume();
      res.on('end', () => done({ ms: elapsed(), ok: res.statusCode === 200 }));
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', () => done({ ms: elapsed(), ok: false }));
    req.end();
  });
}

/** Requests started on a fixed schedule (open loop): a slow answer cannot slow the load down. */
export async function fixedRate(target: string, options: LoadOptions): Promise<StepResult> {
  const url = new URL(target);
  const agent = new Agent({ keepAlive: true, maxSockets: MAX_SOCKETS });
  const total = Math.round(options.rate * options.seconds);
  const intervalMs = 1000 / options.rate;
  const backlog = options.backlogSeconds === undefined ? Infinity : Math.max(MIN_BACKLOG_REQUESTS, options.rate * options.backlogSeconds);
  const start = performance.now();
  const pending: Array<Promise<{ ms: number; ok: boolean }>> = [];
  let inFlight = 0;
  let overloaded = false;
  for (let index = 0; index < total; index++) {
    const wait = start + index * intervalMs - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    if (inFlight > backlog) {
      overloaded = true;
      break;
    }
    inFlight += 1;
    pending.push(
      once(url, agent, options.authorization(index)).finally(() => {
        inFlight -= 1;
      }),
    );
  }
  const results = await Promise.all(pending);
  agent.destroy();
  const sorted = results.map((result) => result.ms).toSorted((a, b) => a - b);
  const errors = results.filter((result) => !result.ok).length + (total - results.length);
  return { rate: options.rate, p50: percentile(sorted, 50), p99: percentile(sorted, 99), requests: results.length, errors, overloaded };
}

export interface SearchOptions {
  /** First rate tried, requests per second. */
  start: number;
  /** Highest rate tried: a path that holds there is reported at it. */
  max: number;
  /** The p99 a rate must stay under, in ms. */
  p99LimitMs: number;
  /** Most steps run (bounds the search's time). */
  maxSteps: number;
  /** Stop bisecting once the failing rate is within this fraction above the holding one. */
  precision: number;
}

export interface Saturation {
  /** The highest rate that held (0: even `start`'s half-steps failed). */
  rate: number;
  /** Whether `max` held (the true saturation is higher than reported). */
  capped: boolean;
  steps: StepResult[];
}

export const holds = (step: StepResult, p99LimitMs: number): boolean => step.errors === 0 && !step.overloaded && step.p99 < p99LimitMs;

/** Rates are whole requests per second. */
const whole = (rate: number): number => Math.max(1, Math.round(rate));

/**
 * One path's search, step by step (`next`, then `record` the step measured at that rate), so a
 * bench can alternate the steps of two paths and expose both to the same load on a shared machine.
 */
export class SaturationSearch {
  readonly steps: StepResult[] = [];
  private held = 0;
  private failed: number | null = null;
  private rate: number;
  private finished = false;

  private readonly options: SearchOptions;

  constructor(options: SearchOptions) {
    this.options = options;
    this.rate = whole(Math.min(options.start, options.max));
  }

  /** The rate to measure next, or null once the search is over. */
  next(): number | null {
    return this.finished || this.steps.length >= this.options.maxSteps ? null : this.rate;
  }

  record(step: StepResult): void {
    this.steps.push(step);
    const { options } = this;
    if (holds(step, options.p99LimitMs)) {
      this.held = Math.max(this.held, step.rate);
      if (this.failed === null && step.rate >= options.max) {
        this.finished = true;
        return;
      }
    } else {
      this.failed = this.failed === null ? step.rate : Math.min(this.failed, step.rate);
    }
    const { held, failed } = this;
    const next: number = failed === null ? whole(Math.min(step.rate * 2, options.max)) : whole((held + failed) / 2);
    if (failed !== null && (failed - held <= Math.max(1, held * options.precision) || next === held || next === failed)) this.finished = true;
    this.rate = next;
  }

  result(): Saturation {
    return { rate: this.held, capped: this.failed === null && this.held >= this.options.max, steps: this.steps };
  }
}

export async function findSaturation(measure: (rate: number) => Promise<StepResult>, options: SearchOptions): Promise<Saturation> {
  const search = new SaturationSearch(options);
  for (let rate = search.next(); rate !== null; rate = search.next()) search.record(await measure(rate));
  return search.result();
}
