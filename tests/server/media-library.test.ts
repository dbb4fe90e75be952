/**
 * GET /api/assets as the /your-assets library uses it: the four orders with exact cursor pages,
 * the tool and date filters (UTC whole days) combined with kind, role and search, cursors bound
 * to their order, and paging through 10,000 assets.
 */
import { randomUUID } from 'node:crypto';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AssetPageSchema, type Asset, type AssetSort } from '../../src/contract/media.schema.ts';
import type { AssetsTable } from '../../server/db/schema.ts';
import type { Insertable } from 'kysely';
import { DRIVER } from './helpers/database.ts';
import { createMediaHarness, type MediaHarness } from './helpers/media-harness.ts';

let h: MediaHarness;

interface Account {
  id: string;
  token: string;
}

async function account(email: string): Promise<Account> {
  const login = await h.signUp({ email });
  return { id: login.user.id, token: login.access_token };
}

interface Fixture {
  name: string;
  createdAt: string;
  bytes?: number;
  kind?: 'image' | 'video' | 'upscaled';
  roles?: string[];
  /** A tool: the asset is a result of that generation; none: an upload. */
  feature?: string;
}

function assetRow(owner: Account, fixture: Fixture): Insertable<AssetsTable> {
  const id = randomUUID();
  const kind = fixture.kind ?? 'image';
  return {
    id,
    user_id: owner.id,
    kind,
    media_type: kind === 'video' ? 'video' : 'image',
    roles: JSON.stringify(fixture.roles ?? ['image']),
    mime: kind === 'video' ? 'video/mp4' : 'image/png',
    name: fixture.name,
    width: 10,
    height: 10,
    bytes: fixture.bytes ?? 1_000,
    stored_bytes: fixture.bytes ?? 1_000,
    duration_ms: null,
    fps: null,
    codec: null,
    storage_key: `${owner.id}/${id}/original.png`,
    thumbnail_key: `${owner.id}/${id}/thumbnail.webp`,
    poster_key: null,
    source: fixture.feature ? 'generation' : 'upload',
    generation_id: fixture.feature ? randomUUID() : null,
    feature: fixture.feature ?? null,
    warnings: '[]',
    metadata: '{}',
    created_at: new Date(fixture.createdAt),
  };
}

/** Rows straight into the table, in batches (the test is about reading them). */
async function insertAssets(owner: Account, fixtures: readonly Fixture[]): Promise<string[]> {
  const rows = fixtures.map((fixture) => assetRow(owner, fixture));
  for (let start = 0; start < rows.length; start += 500)
    await h.database.kysely
      .insertInto('assets')
      .values(rows.slice(start, start + 500))
      .execute();
  return rows.map((row) => row.id);
}

const byId = (x: { id: string }, y: { id: string }) => (x.id < y.id ? -1 : x.id > y.id ? 1 : 0);

/** Whether each neighbour pair of a page-through is in the order's direction. */
function inOrder(sort: AssetSort, items: readonly Asset[]): boolean {
  return items.every((after, index) => {
    const before = items[index - 1];
    if (!before) return true;
    if (sort === 'name') return before.name.toLowerCase() <= after.name.toLowerCase();
    if (sort === 'largest') return before.bytes >= after.bytes;
    if (sort === 'oldest') return before.created_at <= after.created_at;
    return before.created_at >= after.created_at;
  });
}

async function list(token: string, query: string) {
  return h.call('GET', `/api/assets${query}`, { token });
}

/** Every page of a query, `limit` at a time: the ids in order and the number of pages. */
async function pageThrough(token: string, query: string, limit: number): Promise<{ items: Asset[]; pages: number }> {
  const items: Asset[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const separator = query ? '&' : '';
    const result = await list(token, `?${query}${separator}limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    if (result.status !== 200) throw new Error(`${result.status} ${JSON.stringify(result.body)}`);
    const page = v.parse(AssetPageSchema, result.body);
    items.push(...page.items);
    cursor = page.next_cursor;
    pages += 1;
  } while (cursor && pages < 1_000);
  return { items, pages };
}

beforeAll(async () => {
  h = await createMediaHarness();
});

afterAll(async () => {
  await h?.dispose();
});

describe(`library orders, filters and cursors (${DRIVER})`, () => {
  let owner: Account;
  const fixtures: Fixture[] = [
    { name: 'banana.png', createdAt: '2025-03-01T00:00:00.000Z', bytes: 5_000 },
    { name: 'Apple.png', createdAt: '2025-03-01T23:59:59.999Z', bytes: 9_000_000_000, feature: 'virtual-tryon', roles: ['image', 'model'] },
    { name: 'apple.png', createdAt: '2025-03-02T00:00:00.000Z', bytes: 5_000, feature: 'virtual-tryon' },
    { name: 'cherry.mp4', createdAt: '2025-02-28T23:59:59.999Z', bytes: 70_000, kind: 'video', roles: ['video'], feature: 'image-to-video' },
    { name: 'Date.png', createdAt: '2025-03-02T00:00:00.000Z', bytes: 5_000, kind: 'upscaled', feature: 'upscaler-image' },
    { name: 'apple.png', createdAt: '2025-01-15T12:00:00.000Z', bytes: 800, roles: ['garment'] },
    { name: 'elder.png', createdAt: '2025-03-02T00:00:00.000Z', bytes: 12 },
  ];
  let ids: string[];
  /** Fixture rows with their ids, for the expected orders. */
  let rows: Array<Fixture & { id: string }>;

  const expected: Record<AssetSort, (x: Fixture & { id: string }, y: Fixture & { id: string }) => number> = {
    newest: (x, y) => (x.createdAt === y.createdAt ? -byId(x, y) : x.createdAt < y.createdAt ? 1 : -1),
    oldest: (x, y) => (x.createdAt === y.createdAt ? byId(x, y) : x.createdAt < y.createdAt ? -1 : 1),
    name: (x, y) => (x.name.toLowerCase() === y.name.toLowerCase() ? byId(x, y) : x.name.toLowerCase() < y.name.toLowerCase() ? -1 : 1),
    largest: (x, y) => ((x.bytes ?? 0) === (y.bytes ?? 0) ? -byId(x, y) : (y.bytes ?? 0) - (x.bytes ?? 0)),
  };

  beforeAll(async () => {
    owner = await account('library@example.com');
    ids = await insertAssets(owner, fixtures);
    rows = fixtures.map((fixture, index) => ({ ...fixture, id: ids[index] ?? '' }));
    // Someone else's assets never show.
    await insertAssets(await account('neighbour@example.com'), fixtures);
  });

  it.each(['newest', 'oldest', 'name', 'largest'] as const)('orders by %s, ties broken by id, in exact pages of 2', async (sort) => {
    const want = rows.toSorted(expected[sort]).map((row) => row.id);
    const { items, pages } = await pageThrough(owner.token, `sort=${sort}`, 2);
    expect(items.map((item) => item.id)).toEqual(want);
    expect(pages).toBe(4);
  });

  it('orders newest first without `sort`', async () => {
    const want = rows.toSorted(expected.newest).map((row) => row.id);
    expect((await pageThrough(owner.token, '', 3)).items.map((item) => item.id)).toEqual(want);
  });

  it('filters by tool (a feature, or upload) and answers each asset’s feature', async () => {
    const tryon = await pageThrough(owner.token, 'tool=virtual-tryon&sort=oldest', 1);
    expect(tryon.items.map((item) => item.id)).toEqual([ids[1], ids[2]]);
    expect(tryon.items.map((item) => item.feature)).toEqual(['virtual-tryon', 'virtual-tryon']);
    const uploads = await pageThrough(owner.token, 'tool=upload&sort=name', 10);
    expect(uploads.items.map((item) => item.id)).toEqual(
      rows
        .filter((row) => !row.feature)
        .toSorted(expected.name)
        .map((row) => row.id),
    );
    expect(uploads.items.every((item) => item.feature === null && item.source === 'upload')).toBe(true);
    expect((await pageThrough(owner.token, 'tool=body-generator', 10)).items).toEqual([]);
  });

  const ofDays = async (query: string) => (await pageThrough(owner.token, `sort=oldest&${query}`, 10)).items.map((item) => item.id);

  it('filters by whole UTC days, from and to inclusive', async () => {
    expect(await ofDays('from=2025-03-01&to=2025-03-01')).toEqual([ids[0], ids[1]]);
    expect(await ofDays('from=2025-03-02')).toEqual([ids[2], ids[4], ids[6]].toSorted());
    expect(await ofDays('to=2025-02-28')).toEqual([ids[5], ids[3]]);
    expect(await ofDays('from=2025-03-03')).toEqual([]);
    expect(await ofDays('from=2025-03-02&to=2025-03-01')).toEqual([]);
  });

  it('combines tool, dates, kind, role and search with any order and paging', async () => {
    const combined = await pageThrough(owner.token, 'q=APPLE&tool=virtual-tryon&from=2025-03-01&to=2025-03-02&kind=image&sort=name', 1);
    expect(combined.items.map((item) => item.id)).toEqual([ids[1], ids[2]].toSorted());
    const withRole = await pageThrough(owner.token, 'q=apple&role=model&sort=largest', 1);
    expect(withRole.items.map((item) => item.id)).toEqual([ids[1]]);
    const garments = await pageThrough(owner.token, 'role=garment&tool=upload&to=2025-01-31', 5);
    expect(garments.items.map((item) => item.id)).toEqual([ids[5]]);
  });

  it('refuses a cursor of another order (400), a forged one (422) and bad filters (422)', async () => {
    const first = v.parse(AssetPageSchema, (await list(owner.token, '?sort=name&limit=2')).body);
    expect(first.next_cursor).not.toBeNull();
    const wrong = await list(owner.token, `?sort=largest&limit=2&cursor=${first.next_cursor}`);
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('This cursor belongs to the "name" order, not "largest". Load the first page of this order again.');
    expect(wrong.body.code).toBe('cursorOrderMismatch');
    // Without `sort` the order is newest: still another order.
    expect((await list(owner.token, `?cursor=${first.next_cursor}`)).status).toBe(400);
    expect((await list(owner.token, `?sort=name&limit=2&cursor=${first.next_cursor}`)).status).toBe(200);

    const forged = Buffer.from(JSON.stringify(['largest', 'many', 'x'])).toString('base64url');
    for (const query of [
      `?cursor=${forged}&sort=largest`,
      '?cursor=nonsense',
      '?sort=random',
      '?tool=paint',
      '?from=2025-02-30',
      '?to=2025-3-1',
      '?from=yesterday',
    ]) {
      expect((await list(owner.token, query)).status, query).toBe(422);
    }
  });

  it('still reads a cursor of the time before sorts as a newest cursor', async () => {
    const newest = rows.toSorted(expected.newest);
    const pivot = newest[1];
    const legacy = Buffer.from(JSON.stringify([pivot?.createdAt, pivot?.id])).toString('base64url');
    const page = v.parse(AssetPageSchema, (await list(owner.token, `?cursor=${legacy}&limit=100`)).body);
    expect(page.items.map((item) => item.id)).toEqual(newest.slice(2).map((row) => row.id));
  });
});

describe(`a library of 10,000 assets (${DRIVER})`, () => {
  const COUNT = 10_000;
  const PAGE = 100;
  let owner: Account;

  beforeAll(async () => {
    owner = await account('collector@example.com');
    const start = Date.parse('2024-01-01T00:00:00.000Z');
    const tools = [undefined, 'virtual-tryon', 'image-editing', 'upscaler-image'];
    await insertAssets(
      owner,
      Array.from({ length: COUNT }, (_, index) => ({
        // A few share a millisecond, a name or a size: ties must not lose or repeat rows.
        name: `Look ${String((index * 7_919) % 2_500).padStart(4, '0')}.png`,
        createdAt: new Date(start + Math.floor(index / 3) * 60_000).toISOString(),
        bytes: 1_000 + ((index * 104_729) % 5_000),
        ...(tools[index % 4] ? { feature: tools[index % 4] } : {}),
      })),
    );
  }, 120_000);

  it.each(['newest', 'name', 'largest'] as const)(
    'pages through all of them by %s, 100 at a time, quickly',
    async (sort) => {
      const started = performance.now();
      const { items, pages } = await pageThrough(owner.token, `sort=${sort}`, PAGE);
      const elapsedMs = performance.now() - started;
      expect(pages).toBe(COUNT / PAGE);
      expect(new Set(items.map((item) => item.id)).size).toBe(COUNT);
      expect(inOrder(sort, items)).toBe(true);
      console.info(
        `[${DRIVER}] ${COUNT} assets by ${sort}, ${pages} pages of ${PAGE}: ${Math.round(elapsedMs)} ms (${(elapsedMs / pages).toFixed(1)} ms a page)`,
      );
      // A generous bound for a slow CI machine; the measured figures are far below.
      expect(elapsedMs).toBeLessThan(60_000);
    },
    120_000,
  );

  it('pages a filtered view (one tool) as quickly', async () => {
    const started = performance.now();
    const { items } = await pageThrough(owner.token, 'tool=image-editing&sort=oldest', PAGE);
    const elapsedMs = performance.now() - started;
    expect(items).toHaveLength(COUNT / 4);
    expect(items.every((item) => item.feature === 'image-editing')).toBe(true);
    expect(inOrder('oldest', items)).toBe(true);
    console.info(`[${DRIVER}] tool=image-editing, ${items.length} assets: ${Math.round(elapsedMs)} ms`);
  }, 120_000);
});
