/**
 * The server's one logger: pino, JSON lines on stdout (one object per line, ready for any
 * log shipper). Child loggers add context (`logger.child({ area: 'queue' })`).
 */
import { pino, type DestinationStream, type Logger } from 'pino';
import type { LogLevel } from './config.ts';

export type { Logger };

export function createLogger(level: LogLevel, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      // The host name adds nothing in a container; the pid tells restarts apart.
      base: { pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      // Never let a credential reach the logs, whatever a caller passes in.
      redact: { paths: ['authorization', '*.authorization', 'password', '*.password', 'databaseUrl'], censor: '[redacted]' },
    },
    // Synchronous writes: pino's default asynchronous stdout can reorder the last lines when the
    // process exits (an in-flight write races the exit-time flush), and shutdown ends in exit().
    destination ?? pino.destination({ dest: 1, sync: true }),
  );
}
