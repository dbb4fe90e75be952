/**
 * The assets bench's library (scripts/bench-assets.ts), made quickly but honestly: a few real
 * files go through the real upload path (thumbnails and all), then the server is stopped and
 * their rows are copied in the database until the account has the library's size (new ids,
 * names, dates, sizes and tools; the copies share the originals' stored files), and the
 * production server is started again on it.
 */
import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import * as v from 'valibot';
import { FEATURES } from '../src/contract/tools.ts';
import { AssetSchema } from '../src/contract/media.schema.ts';
import { openDatabase } from '../server/db/connection.ts';
import { createMediaRepository, type NewAsset } from '../server/media/repository.ts';
import { sceneSvg } from '../tests/fixtures/engines/images.ts';
import { makeVideo } from '../tests/server/helpers/media-fixtures.ts';
import { seedAccount, startBenchServer } from './bench-generations.ts';
import { sized } from './bench-mode.ts';
import { freePort, stop, waitFor } from './local-server.ts';

/** Real uploads the copies are made from: photos of a few sizes and one short video. */
const SOURCE_IMAGES = sized(7, 1);
/** Their sizes, in px: portrait, square and landscape photos. */
const SOURCE_SIZES: readonly (readonly [number, number])[] = [
  [1200, 1600],
  [1024, 1024],
  [1600, 1067],
  [900, 1350],
  [1500, 1500],
  [1280, 853],
  [1080, 1440],
];
/** Key the bench server signs tokens with, so the seeded account's token is valid there. */
const SIGNING_KEY = 'bench-assets-signing-key-of-at-least-32-chars';

const dbDir = (dataDir: string) => join(dataDir, 'db');

/** The source files, through POST /api/media like the app's own uploads. */
async function uploadSources(base: string, token: string, scratch: string): Promise<void> {
  const files: { name: string; type: string; bytes: Buffer; role: string; purpose: string }[] = [];
  for (let k = 0; k < SOURCE_IMAGES; k++) {
    // Portrait, square and landscape photos of a few sizes.
    const [width = 1200, height = 1600] = SOURCE_SIZES[k % SOURCE_SIZES.length]!;
    const bytes = await sharp(Buffer.from(sceneSvg(width, height)))
      .modulate({ hue: k * 45 })
      .jpeg({ quality: 85 })
      .toBuffer();
    files.push({ name: `anh-goc-${k}.jpg`, type: 'image/jpeg', bytes, role: 'image', purpose: 'input' });
  }
  const clip = await makeVideo(scratch, { seconds: 2, width: 320, height: 240, fps: 15, name: 'clip.mp4' });
  files.push({ name: 'video-goc.mp4', type: 'video/mp4', bytes: clip, role: 'video', purpose: 'upscale' });
  for (const file of files) {
    const form = new FormData();
    form.append('purpose', file.purpose);
    form.append('role', file.role);
    form.append('file', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
    const response = await fetch(`${base}/api/media`, { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body: form });
    if (response.status !== 201) throw new Error(`upload of ${file.name}: ${response.status} ${await response.text()}`);
    v.parse(AssetSchema, await response.json());
  }
}

/** Copies inserted per statement (each row is a couple of dozen parameters). */
const COPY_BATCH = 500;

/**
 * Copies the uploaded rows until the account has `total` assets, through the media repository's
 * insert: each copy is its source row as the server wrote it (every column the table has, so one
 * a migration adds is carried over) with its own id, name, sizes and date, spread over the past
 * year, two in three images marked as results of one of the tools, so the tiles and filters look
 * like a real library.
 */
async function copyRows(dataDir: string, userId: string, total: number): Promise<number> {
  const database = await openDatabase({ pgliteDataDir: dbDir(dataDir) });
  try {
    const sources = await database.kysely.selectFrom('assets').selectAll().where('user_id', '=', userId).orderBy('created_at').orderBy('id').execute();
    if (sources.length === 0) throw new Error('no uploaded asset to copy');
    const copies = Math.max(0, total - sources.length);
    const imageTools = FEATURES.filter((feature) => feature !== 'upscaler-video' && feature !== 'image-to-video');
    const now = Date.now();
    const rows: NewAsset[] = [];
    for (let g = 1; g <= copies; g++) {
      // owner_plan is the triggers' to write (0010), never the server's.
      const { owner_plan: _ownerPlan, ...source } = sources[g % sources.length]!;
      const tool = source.media_type === 'image' && g % 3 !== 0 ? imageTools[g % imageTools.length]! : null;
      const extraBytes = (g % 997) * 1024;
      rows.push({
        ...source,
        id: randomUUID(),
        name: `${source.media_type === 'video' ? 'video-' : 'anh-'}${String(g).padStart(5, '0')}${/\.[A-Za-z0-9]+$/.exec(source.name)?.[0] ?? ''}`,
        bytes: Number(source.bytes) + extraBytes,
        stored_bytes: Number(source.stored_bytes) + extraBytes,
        roles: JSON.stringify(source.roles),
        warnings: JSON.stringify(source.warnings),
        metadata: JSON.stringify(source.metadata),
        source: tool ? 'generation' : 'upload',
        generation_id: null,
        feature: tool,
        upload_key: null,
        // A copy is another file (its own sizes): one asset per file holds on the original's hash.
        content_sha256: null,
        created_at: new Date(now - g * 50 * 60_000),
      });
    }
    const media = createMediaRepository(database);
    for (let start = 0; start < rows.length; start += COPY_BATCH) await media.insertStaged(database.kysely, rows.slice(start, start + COPY_BATCH));
    return sources.length + copies;
  } finally {
    await database.close();
  }
}

export interface BenchLibrary {
  base: string;
  token: string;
  total: number;
  seedSeconds: number;
  close: () => Promise<void>;
}

/** A production server on a fresh data directory whose one account has `size` assets. */
export async function serveLibrary(size: number): Promise<BenchLibrary> {
  const dataDir = await mkdtemp(join(tmpdir(), 'atelier-bench-assets-'));
  let server: ChildProcess | null = null;
  const close = async () => {
    if (server) await stop(server);
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    const seedStarted = performance.now();
    const { userId, token } = await seedAccount(dataDir, SIGNING_KEY);
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    server = startBenchServer(dataDir, port, SIGNING_KEY);
    await waitFor(`${base}/api/health`);
    await uploadSources(base, token, dataDir);
    await stop(server);
    const total = await copyRows(dataDir, userId, size);
    server = startBenchServer(dataDir, port, SIGNING_KEY);
    await waitFor(`${base}/api/health`);
    return { base, token, total, seedSeconds: (performance.now() - seedStarted) / 1000, close };
  } catch (error) {
    await close();
    throw error;
  }
}
