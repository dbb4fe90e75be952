/// <reference types="vite/client" />

declare module '*.po' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}

interface ImportMetaEnv {
  /** Build-time API origin; empty means the PWA's own origin. */
  readonly API_BASE_URL: string;
}
