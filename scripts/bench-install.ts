/**
 * What the built-in engine's models add to a fresh install (`npm run bench -- --only=engines`,
 * full runs only): `npm install` of the model packages, at the versions package.json pins, into
 * an empty temporary directory with the npm cache as it is (warm on a machine that installed the
 * project), timed, with the space they take. Target: the default install grows by at most 30 s.
 * The optional ISNet add-on (`addons/isnet`, installed by `npm run addon:isnet`) gets its own
 * row: its package.json, lockfile and .npmrc copied into an empty directory and installed the same
 * way.
 */
import { spawn } from 'node:child_process';
import { copyFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
/** The default install's model packages (server/engines/local/models/). */
export const MODEL_PACKAGES = [
  '@vladmandic/human',
  '@tensorflow/tfjs-core',
  '@tensorflow/tfjs-converter',
  '@tensorflow/tfjs-backend-wasm',
  '@tensorflow/tfjs-layers',
];
/** The ISNet add-on's folder (the any-subject cut-out, AGPL-3.0, never in the default install). */
const ISNET_ADDON = join(root, 'addons/isnet');
/** Target for the default install's growth, seconds. */
const TARGET_SECONDS = 30;

interface InstallFigure {
  label: string;
  seconds: number | null;
  megabytes: number | null;
  note?: string;
}

function run(command: string, args: string[], cwd: string): Promise<string> {
  return new Promise((done, fail) => {
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', fail);
    child.on('exit', (code) => (code === 0 ? done(out) : fail(new Error(`${command} ${args.join(' ')} exited ${code}: ${out.slice(-2000)}`))));
  });
}

/** `npm install` in a fresh directory that `prepare` fills: seconds, and MB of node_modules. */
async function timedInstall(label: string, prepare: (dir: string) => Promise<void>): Promise<InstallFigure> {
  const dir = await mkdtemp(join(tmpdir(), 'atelier-bench-install-'));
  try {
    await prepare(dir);
    const started = performance.now();
    await run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error'], dir);
    const seconds = (performance.now() - started) / 1000;
    const du = await run('du', ['-sm', join(dir, 'node_modules')], dir);
    return { label, seconds, megabytes: Number(du.split(/\s/)[0]) };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The model packages at the versions package.json pins. */
function modelPackages(pinned: Record<string, string>): Promise<InstallFigure> {
  const label = 'model packages (default install)';
  const missing = MODEL_PACKAGES.filter((name) => !pinned[name]);
  if (missing.length > 0)
    return Promise.resolve({ label, seconds: null, megabytes: null, note: `not measured: package.json does not name ${missing.join(', ')}` });
  return timedInstall(label, async (dir) => {
    const dependencies = Object.fromEntries(MODEL_PACKAGES.map((name) => [name, pinned[name]!]));
    await writeFile(join(dir, 'package.json'), JSON.stringify({ name: 'bench-install', private: true, dependencies }));
  });
}

/** The ISNet add-on as `npm run addon:isnet` installs it: its own package.json, lockfile and .npmrc. */
function isnetAddon(): Promise<InstallFigure> {
  return timedInstall('ISNet add-on (npm run addon:isnet)', async (dir) => {
    for (const file of ['package.json', 'package-lock.json', '.npmrc']) await copyFile(join(ISNET_ADDON, file), join(dir, file));
  });
}

export async function installFigures(): Promise<InstallFigure[]> {
  const manifest = JSON.parse(await readFile(join(root, 'package.json'), 'utf8')) as Record<string, Record<string, string> | undefined>;
  const pinned = { ...manifest.optionalDependencies, ...manifest.devDependencies, ...manifest.dependencies };
  return [await modelPackages(pinned), await isnetAddon()];
}

export function printInstallFigures(figures: readonly InstallFigure[]): void {
  console.log('\n## Fresh install of the model packages (npm install into an empty directory, warm npm cache)');
  for (const figure of figures) {
    if (figure.seconds === null) {
      console.log(`  ${figure.label.padEnd(36)} ${figure.note}`);
      continue;
    }
    const verdict = figure.label.includes('default')
      ? figure.seconds <= TARGET_SECONDS
        ? `ok, target <= ${TARGET_SECONDS} s`
        : `OVER target <= ${TARGET_SECONDS} s`
      : '(reference)';
    console.log(`  ${figure.label.padEnd(36)} +${figure.seconds.toFixed(1).padStart(5)} s  +${figure.megabytes} MB  ${verdict}`);
  }
}

if (import.meta.main) printInstallFigures(await installFigures());
