/**
 * The tools a generation runs (docs/product-rules.md#tools): shared by generations (jobs) and
 * media (the tool that produced an asset). Derived from the tool catalogue (tools.ts), which
 * imports no schema library.
 */
export { FEATURES, type Feature } from './tools.ts';
