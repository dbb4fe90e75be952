/**
 * `npm start`: builds the PWA if the sources changed since the last build, then runs the
 * server (PWA and API on one origin) in this same process.
 */
import { ensureBuild } from './ensure-build.ts';

await ensureBuild();
await import('../server/main.ts');
