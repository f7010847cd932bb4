import { sql } from 'drizzle-orm'
import { defaultStorefrontContent } from '@pg/shared/storefront/default-content'
import type { LocalizedText } from '@pg/shared/storefront/content'
import type { DatabaseHandle } from '../../src/platform/db/client'

/**
 * Publishes version 1's content with the store's name and support address changed, as the console's
 * "Publicar" leaves it: the next version's row (migration 0020's trigger then notifies `storefront`).
 * Returns the version's number.
 */
export async function publishStore(
  database: DatabaseHandle,
  store: { name: LocalizedText; supportEmail: string },
): Promise<number> {
  const content = defaultStorefrontContent()
  content.store = { ...content.store, ...store }
  const [row] = await database.rows(sql`
    INSERT INTO storefront_versions (number, content, changed, source)
    SELECT coalesce(max(number), 0) + 1, ${JSON.stringify(content)}::jsonb,
      ARRAY['store.name.es', 'store.name.en', 'store.supportEmail'], 'publish'
    FROM storefront_versions
    RETURNING number`)
  return Number(row?.number)
}
