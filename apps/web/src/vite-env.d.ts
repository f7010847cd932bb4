/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Appwrite endpoint; defaults to `${location.origin}/v1` (the store's own server). */
  readonly VITE_APPWRITE_ENDPOINT?: string
  readonly VITE_APPWRITE_PROJECT_ID?: string
  readonly VITE_APPWRITE_DATABASE_ID?: string
}

interface ImportMeta {
  readonly env: ImportMetaEnv
}
