import { describe, it, expect } from 'vitest';
import * as v from 'valibot';
import { dashboardSearchSchema, RECENT_FILTERS } from './search.ts';

describe('dashboard search', () => {
  it("defaults to 'all'", () => {
    expect(v.parse(dashboardSearchSchema, {})).toEqual({ filter: 'all' });
  });

  it('keeps every known filter', () => {
    for (const filter of RECENT_FILTERS) expect(v.parse(dashboardSearchSchema, { filter })).toEqual({ filter });
  });

  it("falls back to 'all' for unknown values", () => {
    expect(v.parse(dashboardSearchSchema, { filter: 'nope' })).toEqual({ filter: 'all' });
    expect(v.parse(dashboardSearchSchema, { filter: 3 })).toEqual({ filter: 'all' });
  });
});
