import type { Generation } from '../../../contract/generations.ts';
import type { Asset } from '../../../contract/media.ts';

/**
 * Answers of the API as the contract shapes them, for the data layer's unit tests (imported by
 * tests only).
 */

export function makeAsset(overrides: Partial<Asset> = {}): Asset {
  const id = overrides.id ?? 'asset-1';
  return {
    id,
    kind: 'image',
    media_type: 'image',
    roles: ['model'],
    mime: 'image/jpeg',
    name: 'model.jpg',
    width: 800,
    height: 1200,
    bytes: 123_456,
    duration_seconds: null,
    fps: null,
    codec: null,
    source: 'upload',
    generation_id: null,
    feature: null,
    warnings: [],
    metadata: {},
    url: `/api/media/${id}/original?exp=9999999999&sig=ab`,
    thumbnail_url: `/api/media/${id}/thumbnail?exp=9999999999&sig=ab`,
    poster_url: null,
    urls_expire_at: '2999-01-01T00:00:00.000Z',
    created_at: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function makeGeneration(overrides: Partial<Generation> = {}): Generation {
  return {
    id: 'job-1',
    feature: 'virtual-tryon',
    status: 'queued',
    stage: 'queued',
    progress: 0,
    inputs: { model: 'asset-1', garments: [{ asset_id: 'asset-2', category: 'tops' }] },
    params: {},
    input_assets: [],
    results: [],
    cost: 1,
    engine: 'local',
    error: null,
    regenerated_from: null,
    shared: false,
    created_at: '2025-01-01T10:00:00.000Z',
    started_at: null,
    finished_at: null,
    processing_ms: null,
    ...overrides,
  };
}

/** A fetch answer like the server's (JSON body, status). */
export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}
