import { mkdtemp, rm, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildEnvironment, buildKey } from './source-hash.ts';

describe('the build key', () => {
  let root: string;
  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'atelier-build-key-'));
    await mkdir(join(root, 'src'));
    await writeFile(join(root, 'src/main.tsx'), 'export {};\n');
    await writeFile(join(root, 'vite.config.ts'), 'export default {};\n');
  });
  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('differs between a development and a production build: the first registers no service worker', async () => {
    // A start with NODE_ENV=development once built a development bundle that a later
    // production start kept serving, because the key ignored NODE_ENV.
    const development = await buildKey(root, { NODE_ENV: 'development' });
    const production = await buildKey(root, { NODE_ENV: 'production' });
    expect(development).not.toBe(production);
    expect(await buildKey(root, { NODE_ENV: 'test' })).not.toBe(production);
  });

  it('treats an unset NODE_ENV as production, as Vite does', async () => {
    expect(await buildKey(root, {})).toBe(await buildKey(root, { NODE_ENV: 'production' }));
    expect(await buildKey(root, { NODE_ENV: '' })).toBe(await buildKey(root, { NODE_ENV: 'production' }));
  });

  it('changes with the API origin and with every VITE_ variable, not with other variables', async () => {
    const base = await buildKey(root, {});
    expect(await buildKey(root, { API_BASE_URL: 'https://api.atelier.example' })).not.toBe(base);
    expect(await buildKey(root, { VITE_FLAG: '1' })).not.toBe(base);
    expect(await buildKey(root, { DATABASE_URL: 'postgresql://db/atelier', PORT: '8080' })).toBe(base);
  });

  it('changes with a source file and with a .env file Vite reads', async () => {
    const base = await buildKey(root, {});
    await writeFile(join(root, 'src/main.tsx'), 'export const changed = true;\n');
    const edited = await buildKey(root, {});
    expect(edited).not.toBe(base);
    await writeFile(join(root, '.env.production'), 'VITE_FLAG=1\n');
    expect(await buildKey(root, {})).not.toBe(edited);
  });

  it('ignores the route tree the build generates itself', async () => {
    const base = await buildKey(root, {});
    await writeFile(join(root, 'src/routeTree.gen.ts'), '// generated\n');
    expect(await buildKey(root, {})).toBe(base);
  });

  it('lists the environment in a stable order', () => {
    expect(buildEnvironment({ VITE_B: '2', API_BASE_URL: '', VITE_A: '1', HOME: '/root' })).toEqual([
      'NODE_ENV=production',
      'API_BASE_URL=',
      'PUBLIC_URL=',
      'VITE_A=1',
      'VITE_B=2',
    ]);
  });
});
