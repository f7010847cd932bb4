import { z } from 'zod/mini'
import { client } from '../../../lib/backend'

const catalogStateSchema = z.object({
  firstLoadedAt: z.nullable(z.string()),
  // A server older than issue 32 does not say it: no "Novedades" then.
  newsSince: z.optional(z.nullable(z.string())),
})

export interface CatalogState {
  /** When the catalogue first got projects: its first load's projects are never "New" (decision 058). */
  firstLoadedAt: string | null
  /** Since when projects are news to this member: their previous visit, at most 30 days back (decision 064). */
  newsSince: string | null
}

/**
 * What the gallery knows of the catalogue beside its documents (`GET /v1/store/catalog`, members only),
 * through the SDK's client, as the member's other calls.
 */
export async function fetchCatalogState(): Promise<CatalogState> {
  const url = new URL(`${client.config.endpoint}/store/catalog`)
  const state = catalogStateSchema.parse(await client.call('get', url))
  return { firstLoadedAt: state.firstLoadedAt, newsSince: state.newsSince ?? null }
}
