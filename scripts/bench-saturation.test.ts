import { describe, expect, it } from 'vitest';
import { findSaturation, holds, type StepResult } from './bench-saturation.ts';

/** A server that answers within the bound up to `capacity` requests per second and not above. */
function serverOf(capacity: number) {
  const tried: number[] = [];
  const measure = async (rate: number): Promise<StepResult> => {
    tried.push(rate);
    const p99 = rate <= capacity ? 10 : 400;
    return { rate, p50: p99 / 2, p99, requests: rate, errors: 0, overloaded: false };
  };
  return { measure, tried };
}

const options = { start: 100, max: 6_400, p99LimitMs: 50, maxSteps: 12, precision: 0.05 };

describe('saturation search', () => {
  it('doubles up to the first failing rate, then bisects to within the precision', async () => {
    for (const capacity of [130, 777, 1_000, 2_345, 5_000]) {
      const server = serverOf(capacity);
      const found = await findSaturation(server.measure, options);
      expect(found.capped).toBe(false);
      expect(found.rate, `capacity ${capacity}`).toBeLessThanOrEqual(capacity);
      expect(found.rate, `capacity ${capacity}`).toBeGreaterThanOrEqual(capacity / (1 + options.precision) - 1);
      expect(found.steps.length).toBeLessThanOrEqual(options.maxSteps);
      expect(server.tried.slice(0, 2)).toEqual([100, 200]);
    }
  });

  it('reports the cap when the highest rate holds, and 0 when nothing does', async () => {
    const strong = await findSaturation(serverOf(1e9).measure, options);
    expect(strong).toMatchObject({ rate: 6_400, capped: true });
    const dead = await findSaturation(serverOf(0).measure, options);
    expect(dead.rate).toBe(0);
    expect(dead.steps.length).toBeLessThanOrEqual(options.maxSteps);
  });

  it('stops after maxSteps whatever the precision', async () => {
    const found = await findSaturation(serverOf(3_333).measure, { ...options, maxSteps: 4, precision: 0 });
    expect(found.steps).toHaveLength(4);
    expect(found.rate).toBe(800);
  });

  it('counts a step with errors or an overloaded backlog as failed, whatever its p99', () => {
    const step: StepResult = { rate: 100, p50: 1, p99: 2, requests: 100, errors: 0, overloaded: false };
    expect(holds(step, 50)).toBe(true);
    expect(holds({ ...step, errors: 1 }, 50)).toBe(false);
    expect(holds({ ...step, overloaded: true }, 50)).toBe(false);
    expect(holds({ ...step, p99: 50 }, 50)).toBe(false);
  });
});
