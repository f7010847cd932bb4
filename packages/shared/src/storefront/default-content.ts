import content from './default-content.json' with { type: 'json' }
import { storefrontContentSchema, type StorefrontContent } from './content'

/**
 * Version 1 of the storefront (decision 073): today's texts, as the build prerenders them and as the
 * server writes them at its first start. A new copy each call (callers change what they are given), read
 * through the schema so that its type is the content's. The package's exports name `.ts` modules only,
 * so the JSON is reached through this one.
 */
export const defaultStorefrontContent = (): StorefrontContent =>
  storefrontContentSchema.parse(structuredClone(content))
