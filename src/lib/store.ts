import { createStore } from 'jotai';

/** One jotai store for the app, created at start-up (and one per pre-rendered page). */
export function createAppStore() {
  return createStore();
}
