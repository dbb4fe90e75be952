import { describe, expect, test } from 'vitest';
import * as v from 'valibot';
import { assetListPath } from '../../media/api.ts';
import { filtersOf, isFiltered, LIBRARY_PAGE_SIZE, librarySearchSchema } from './search.ts';

const parse = (input: Record<string, unknown>) => v.parse(librarySearchSchema, input);

describe('library address', () => {
  test('defaults when absent or unknown', () => {
    expect(parse({})).toEqual({ tab: 'all', q: '', sort: 'newest', tool: undefined, from: undefined, to: undefined });
    expect(parse({ tab: 'nope', sort: 'random', tool: 'photoshop', from: 'yesterday' })).toEqual(parse({}));
  });

  test('the filters become the list query', () => {
    const search = parse({ tab: 'videos', q: ' váy ', sort: 'largest', tool: 'upscaler-video', from: '2025-01-01', to: '2025-02-01' });
    expect(filtersOf(search)).toEqual({
      kind: 'video',
      q: 'váy',
      sort: 'largest',
      tool: 'upscaler-video',
      from: '2025-01-01',
      to: '2025-02-01',
      limit: LIBRARY_PAGE_SIZE,
    });
    expect(assetListPath(filtersOf(search), null)).toBe(
      '/api/assets?kind=video&q=v%C3%A1y&sort=largest&tool=upscaler-video&from=2025-01-01&to=2025-02-01&limit=100',
    );
    // The defaults ask for the whole library, newest first, 100 at a time.
    expect(assetListPath(filtersOf(parse({})), null)).toBe('/api/assets?limit=100');
    expect(filtersOf(parse({ tab: 'images' })).kind).toBe('image');
    expect(filtersOf(parse({ tab: 'upscaled', tool: 'upload' }))).toMatchObject({ kind: 'upscaled', tool: 'upload' });
  });

  test('a range given backwards is swapped', () => {
    expect(filtersOf(parse({ from: '2025-03-01', to: '2025-01-01' }))).toMatchObject({ from: '2025-01-01', to: '2025-03-01' });
  });

  test('sorting alone filters nothing', () => {
    expect(isFiltered(parse({ sort: 'name' }))).toBe(false);
    expect(isFiltered(parse({ q: '  ' }))).toBe(false);
    expect(isFiltered(parse({ tool: 'upload' }))).toBe(true);
    expect(isFiltered(parse({ tab: 'videos' }))).toBe(true);
    expect(isFiltered(parse({ to: '2025-01-01' }))).toBe(true);
  });
});
