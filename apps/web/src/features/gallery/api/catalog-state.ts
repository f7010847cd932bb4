import { z } from 'zod/mini'
import { client } from '../../../lib/backend'

const catalogStateSchema = z.object({ firstLoadedAt: z.nullable(z.string()) })

/**
 * When the catalogue first got projects (`GET /v1/store/catalog`, members only): its first load's
 * projects are never "New" (decision 058). Through the SDK's client, as the member's other calls.
 */
export async function fetchCatalogFirstLoad(): Promise<string | null> {
  const url = new URL(`${client.config.endpoint}/store/catalog`)
  return catalogStateSchema.parse(await client.call('get', url)).firstLoadedAt
}
