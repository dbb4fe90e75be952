/**
 * What `use-sync-external-store/shim` gives on React 18 and later: React's own hook. Lingui and
 * TanStack Store import the shim, which carries a fallback for React 17 that this app never
 * runs (vite.config.ts points the shim here).
 */
export { useSyncExternalStore } from 'react';
