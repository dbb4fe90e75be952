/** Durations on the processing screen: m:ss (whole seconds, never negative). */
export { formatClock } from '../../../lib/format.ts';
