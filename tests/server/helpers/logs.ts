/** A pino logger whose JSON lines are kept in memory, for assertions on what was logged. */
import { Writable } from 'node:stream';
import { createLogger, type Logger } from '../../../server/logger.ts';

export interface CapturedLogs {
  logger: Logger;
  lines: Array<Record<string, unknown>>;
}

export function captureLogs(): CapturedLogs {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      for (const line of chunk.toString('utf8').split('\n')) if (line.trim()) lines.push(JSON.parse(line) as Record<string, unknown>);
      callback();
    },
  });
  return { logger: createLogger('info', stream), lines };
}

/** A logger that writes nothing. */
export const silentLogger = (): Logger => createLogger('silent');
