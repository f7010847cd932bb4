import type { StorefrontContent, StorefrontLanguage } from '@pg/shared/storefront/content'
import type { CarouselProject } from '@pg/shared/storefront/resolve'

/**
 * The messages between the server and its storefront worker (decision 073): the worker imports the web
 * build's server entry once and draws the public pages of a content, both languages or one.
 */

/** What the server passes as `workerData`, so that only its worker draws (not a test runner's thread). */
export const STOREFRONT_WORKER = 'projects-gallery storefront worker'

export interface StorefrontWorkerData {
  marker: typeof STOREFRONT_WORKER
  /** The web build's `.server/` folder: `entry-server.js`, `template.html`, `manifest.json`. */
  serverDir: string
}

/** A content to draw, with what the pages show that the content does not hold. */
export interface StorefrontDrawing {
  content: StorefrontContent
  /** SUPPORT_EMAIL, else the built-in address: shown when the content names no support address. */
  supportEmail: string
  /** The catalogue's projects the carousel names, as the catalogue has them now. */
  projects: [string, CarouselProject][]
  /** Only these pages of one language (a preview); every page of both languages without it. */
  only?: { language: StorefrontLanguage; names?: string[] }
}

/** A drawing, or (without one) only loading the server entry, so that the first drawing need not wait for it. */
export type ToStorefrontWorker = { id: number; drawing?: StorefrontDrawing }

export type FromStorefrontWorker =
  { id: number; ok: true; pages: Record<string, string> } | { id: number; ok: false; error: string }
