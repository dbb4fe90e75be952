import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { spawnSync } from 'node:child_process';
import { buildKey } from './source-hash.ts';

const root = resolve(import.meta.dirname, '..');

/** True when dist/ was built from exactly the current sources and build environment. */
export async function buildIsCurrent(): Promise<boolean> {
  try {
    const info = JSON.parse(await readFile(resolve(root, 'dist/build-info.json'), 'utf8')) as { sourceHash?: string };
    return info.sourceHash === (await buildKey(root));
  } catch {
    return false;
  }
}

/** Builds the PWA (in a child process, so the build's memory is given back) unless it is current. */
export async function ensureBuild(): Promise<void> {
  if (await buildIsCurrent()) return;
  console.log('Building the PWA (sources or build environment changed since the last build)…');
  const result = spawnSync(process.execPath, [resolve(root, 'scripts/build.ts')], { stdio: 'inherit', cwd: root });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
