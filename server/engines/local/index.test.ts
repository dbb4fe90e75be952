import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEATURES } from '../../../src/contract/tools.ts';
import { engineRequest, inputFile, renderSvg, sceneSvg, tempDir } from '../../../tests/fixtures/engines/images.ts';
import { EngineError, type InputFile } from '../types.ts';
import { createLocalEngine } from './index.ts';

let dir: string;
let cleanup: () => Promise<void>;
let scene: InputFile;
beforeAll(async () => {
  ({ dir, cleanup } = await tempDir('local-engine'));
  scene = await inputFile(await renderSvg(sceneSvg(120, 80), join(dir, 'scene.png')));
});
afterAll(() => cleanup());

describe('createLocalEngine', () => {
  const engine = createLocalEngine();

  it('is the local engine and supports every feature', () => {
    expect(engine.name).toBe('local');
    for (const feature of FEATURES) expect(engine.supports(feature)).toBe(true);
  });

  it('runs the tool of the job’s feature and names itself in the metadata', async () => {
    const workDir = join(dir, 'edit');
    await mkdir(workDir);
    const result = await engine.run(engineRequest('image-editing', workDir, { images: [scene] }, { prompt: 'sepia' }));
    expect(result.metadata.engine).toBe('local');
    expect(result.outputs).toHaveLength(1);
    expect(result.outputs[0]!.path.startsWith(workDir)).toBe(true);

    const bodyDir = join(dir, 'body');
    await mkdir(bodyDir);
    const body = await engine.run(
      engineRequest(
        'body-generator',
        bodyDir,
        { face: null },
        { gender: 'male', height: 180, weight: 75, age: 30, skin_tone: 'tan', body_type: 'mesomorph', aspect_ratio: '3:4' },
      ),
    );
    expect(body.metadata).toMatchObject({ engine: 'local', size: { width: 960, height: 1280 } });
  });

  it('does nothing for a job already cancelled', async () => {
    const workDir = join(dir, 'cancelled');
    await mkdir(workDir);
    const request = engineRequest(
      'body-generator',
      workDir,
      { face: null },
      { gender: 'female', height: 160, weight: 50, age: 20, skin_tone: 'fair', body_type: 'ectomorph', aspect_ratio: '1:1' },
    );
    request.controller.abort(new Error('cancelled'));
    await expect(engine.run(request)).rejects.toThrow('cancelled');
    expect(request.reports).toEqual([]);
  });

  it('turns unexpected failures into the generic failure message', async () => {
    const workDir = join(dir, 'broken');
    await mkdir(workDir);
    const broken = join(dir, 'broken.png');
    await writeFile(broken, 'not an image');
    const image = { ...scene, path: broken };
    const failure = await engine.run(engineRequest('image-editing', workDir, { images: [image] }, { prompt: 'sepia' })).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(EngineError);
    expect(failure).toMatchObject({ code: 'failedToProcess', transient: false });
    expect((failure as Error).cause).toBeInstanceOf(Error);
  });

  it('throws EngineError for person-facing failures', async () => {
    const workDir = join(dir, 'no-mask');
    await mkdir(workDir);
    const failure = await engine
      .run(engineRequest('hairstyle-changer', workDir, { image: scene, mask: null, reference: null }, { style: 'pixie' }))
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(EngineError);
    expect(failure).toMatchObject({ code: 'maskRequired', transient: false });
  });
});
