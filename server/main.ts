/**
 * Entry point: `node server/main.ts` (also imported by `npm start`, scripts/start.ts).
 * Reads the configuration, runs migrations, starts the queue and HTTP; exits 1 with a one-line
 * message on a configuration error. See lifecycle.ts.
 */
import { startServer } from './lifecycle.ts';

await startServer();
