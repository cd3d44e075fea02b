/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** API base, '/api' by default. */
  readonly VITE_API_BASE?: string;
  /** The user manual's address (MANUAL_URL at build time); unset hides the help links. */
  readonly VITE_MANUAL_URL?: string;
}

/** The year the console was built (vite.config.ts `define`). */
declare const __BUILD_YEAR__: number;
