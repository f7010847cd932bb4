import type { DatabaseHandle } from '../../platform/db/client'
import { createCatalogRepository } from '../editing/catalog-repository'
import { generateDemoCatalog } from './demo-catalog'

export async function seedDemoCatalog(
  database: DatabaseHandle,
  options: { projects?: number; seed?: number } = {},
) {
  const catalog = generateDemoCatalog(options)
  await createCatalogRepository(database.db).save(catalog)
  return catalog
}
