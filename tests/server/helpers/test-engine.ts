/**
 * A controllable engine for the generations machinery tests (never used in production): each run
 * is recorded, can be held until released or aborted, can fail as a test asks, and otherwise
 * writes a real small PNG into its workDir, as an engine would. It calls itself `local`, so it
 * stands in for the local engine through EngineRegistryOptions.overrides.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { crc32, deflateSync } from 'node:zlib';
import type { Feature } from '../../../src/contract/tools.ts';
import type { Engine, EngineRequest, EngineResult } from '../../../server/engines/types.ts';

export interface TestEngineRun {
  id: string;
  feature: Feature;
  attempt: number;
  signal: AbortSignal;
  request: EngineRequest;
}

/** What one run does before writing its result; throw to fail it. */
export type Behaviour = (run: TestEngineRun) => Promise<void> | void;

export interface TestEngine extends Engine {
  readonly runs: TestEngineRun[];
  /** Behaviour of every run from now on (null: write the result at once). */
  setBehaviour(behaviour: Behaviour | null): void;
  /** Behaviour of the next run only (queued: several calls serve several runs). */
  once(behaviour: Behaviour): void;
}

/** Side of the result image, in pixels. */
const RESULT_SIDE_PX = 16;

/** One PNG chunk: length, type, data, CRC. */
function pngChunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A valid RGB PNG of `side`×`side` pixels, encoded by hand (no image library needed). */
export function tinyPng(side = RESULT_SIDE_PX, seed = 0): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header[8] = 8; // bits per channel
  header[9] = 2; // RGB
  const rows = Buffer.alloc(side * (1 + side * 3));
  for (let y = 0; y < side; y += 1) {
    const row = y * (1 + side * 3);
    for (let x = 0; x < side; x += 1) {
      rows[row + 1 + x * 3] = (x * 16 + seed) % 256;
      rows[row + 2 + x * 3] = (y * 16) % 256;
      rows[row + 3 + x * 3] = (seed * 7) % 256;
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(rows)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Waits `ms`, or rejects with the signal's reason when it aborts first. */
export async function abortableSleep(ms: number, signal: AbortSignal): Promise<void> {
  await sleep(ms, undefined, { signal }).catch(() => {
    throw signal.reason;
  });
}

export interface TestEngineOptions {
  /** Every run waits this long (abortable) before writing its result, in ms. */
  delayMs?: number;
  /** Called as each run starts (e.g. to write a marker line for the exactly-once tests). */
  onRun?: (run: TestEngineRun) => Promise<void> | void;
}

export function createTestEngine(options: TestEngineOptions = {}): TestEngine {
  const runs: TestEngineRun[] = [];
  let behaviour: Behaviour | null = options.delayMs ? (run) => abortableSleep(options.delayMs ?? 0, run.signal) : null;
  const queued: Behaviour[] = [];
  return {
    name: 'local',
    runs,
    setBehaviour(next) {
      behaviour = next;
    },
    once(next) {
      queued.push(next);
    },
    supports: () => true,
    async run(request): Promise<EngineResult> {
      const run: TestEngineRun = {
        id: request.job.id,
        feature: request.job.feature,
        attempt: request.job.attempt,
        signal: request.signal,
        request: request as unknown as EngineRequest,
      };
      runs.push(run);
      await options.onRun?.(run);
      request.report('analyzingComposition', 10);
      const act = queued.shift() ?? behaviour;
      if (act) await act(run);
      request.signal.throwIfAborted();
      request.report('generatingResult', 90);
      const file = path.join(request.workDir, 'result.png');
      await writeFile(file, tinyPng(RESULT_SIDE_PX, runs.length));
      return {
        outputs: [{ path: file, mediaType: 'image', mime: 'image/png', kind: 'image', roles: ['image'], name: 'test-result.png' }],
        metadata: { engine: 'local', test: true },
      };
    },
  };
}
