/**
 * The server's one logger: pino, JSON lines on stdout (one object per line, ready for any
 * log shipper). Child loggers add context (`logger.child({ area: 'queue' })`).
 */
import { pino, type DestinationStream, type Logger } from 'pino';
import type { LogLevel } from './config.ts';

export type { Logger };

/**
 * Fields of database errors that carry the values of a query: PGlite attaches the SQL text
 * (`query`), its parameters (`params`) and the call's options (`queryOptions`) to every error;
 * node-postgres's errors (and PGlite's, from the same protocol parser) carry the server's
 * `detail` ("Key (email)=(…) already exists", "Failing row contains (…)", with password hashes
 * and emails), `where` ("unnamed portal parameter $1 = '…'") and `internalQuery`. Pino's error
 * serializer copies every enumerable field of an error, so without this they reach the log
 * whenever a request fails on a database error.
 */
const QUERY_VALUE_FIELDS = [
  'query',
  'params',
  'parameters',
  'queryOptions',
  'values',
  'detail',
  'where',
  'internalQuery',
  'internalPosition',
  'position',
] as const;

/** A SQLSTATE: the mark of a database server's error. */
const SQLSTATE = /^[0-9A-Z]{5}$/;
/** `…for type uuid: "the value"`: where Postgres quotes a parameter in its message. */
const QUOTED_VALUE = /: "(?:[^"\\]|\\.)*"/g;

type SerializedError = Record<string, unknown>;

/** How far down a chain of `cause`s a database error is looked for. */
const MAX_CAUSE_DEPTH = 5;

/** Whether `error` or one of its causes is a database server's error. */
function fromDatabase(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth <= MAX_CAUSE_DEPTH && current instanceof Error; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && SQLSTATE.test(code)) return true;
    current = current.cause;
  }
  return false;
}

function withoutQueryValues(serialized: SerializedError, database: boolean): SerializedError {
  for (const field of QUERY_VALUE_FIELDS) delete serialized[field];
  // Its message (and the causes' messages pino appends) may quote a parameter.
  if (database) {
    for (const field of ['message', 'stack'] as const) {
      const text = serialized[field];
      if (typeof text === 'string') serialized[field] = text.replace(QUOTED_VALUE, ': "[redacted]"');
    }
  }
  for (const [key, value] of Object.entries(serialized)) {
    if (value !== null && typeof value === 'object' && !Array.isArray(value) && 'message' in value)
      serialized[key] = withoutQueryValues(value as SerializedError, true);
  }
  if (Array.isArray(serialized.aggregateErrors))
    serialized.aggregateErrors = serialized.aggregateErrors.map((item: SerializedError) => withoutQueryValues(item, true));
  return serialized;
}

/** Pino's error serializer, minus what a database error knows about the query's values. */
export function serializeError(error: unknown): unknown {
  const serialized: unknown = pino.stdSerializers.err(error as Error);
  if (serialized === null || typeof serialized !== 'object') return serialized;
  return withoutQueryValues(serialized as SerializedError, fromDatabase(error));
}

export function createLogger(level: LogLevel, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      // The host name adds nothing in a container; the pid tells restarts apart.
      base: { pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      // Never let a credential reach the logs, whatever a caller passes in.
      redact: { paths: ['authorization', '*.authorization', 'password', '*.password', 'databaseUrl'], censor: '[redacted]' },
      // Errors without the values of the query that failed (see QUERY_VALUE_FIELDS).
      serializers: { err: serializeError },
    },
    // Synchronous writes: pino's default asynchronous stdout can reorder the last lines when the
    // process exits (an in-flight write races the exit-time flush), and shutdown ends in exit().
    destination ?? pino.destination({ dest: 1, sync: true }),
  );
}
