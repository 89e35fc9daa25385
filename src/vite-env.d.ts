/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Where desktop release files live; see src/lib/release-downloads.ts. */
  readonly VITE_RELEASES_BASE_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
