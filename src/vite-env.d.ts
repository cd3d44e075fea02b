/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** API base, '/api' by default. */
  readonly VITE_API_BASE?: string;
}
