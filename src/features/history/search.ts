import * as v from 'valibot';
import { STATUS_FILTERS, TOOL_FILTERS } from '../generations/filters.ts';

/** Longest generation id a `?job=` link may carry (ids are far shorter; the bound keeps junk out). */
const JOB_ID_MAX = 64;

export const HISTORY_SEARCH_DEFAULTS = { tool: 'all', status: 'all' } as const;

/**
 * /history's search: `?tool=` and `?status=` (a missing or unknown value means 'all', so an old
 * or edited link still opens), and `?job=<generationId>`, the item to scroll to and open (the
 * notifications' links).
 */
export const historySearchSchema = v.object({
  tool: v.fallback(v.optional(v.picklist(TOOL_FILTERS), 'all'), 'all'),
  status: v.fallback(v.optional(v.picklist(STATUS_FILTERS), 'all'), 'all'),
  job: v.fallback(v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(JOB_ID_MAX))), undefined),
});

export type HistorySearch = v.InferOutput<typeof historySearchSchema>;
