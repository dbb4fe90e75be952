/** `GET /api/health`: liveness and readiness of the server and what it depends on. */
import * as v from 'valibot';

export const DATABASE_DRIVERS = ['pglite', 'postgres'] as const;
export type DatabaseDriver = (typeof DATABASE_DRIVERS)[number];

export const HealthResponseSchema = v.object({
  /** `ok` when every dependency answers (HTTP 200); `degraded` otherwise (HTTP 503). */
  status: v.picklist(['ok', 'degraded']),
  database: v.object({
    ok: v.boolean(),
    driver: v.picklist(DATABASE_DRIVERS),
    /** Round trip of a trivial query, in milliseconds (0.1 ms precision); null when it failed. */
    latencyMs: v.nullable(v.pipe(v.number(), v.minValue(0))),
  }),
  queue: v.object({ ok: v.boolean() }),
  /** The server's package version. */
  version: v.string(),
  /** Whole seconds since the server started. */
  uptimeSeconds: v.pipe(v.number(), v.integer(), v.minValue(0)),
});
export type HealthResponse = v.InferOutput<typeof HealthResponseSchema>;
