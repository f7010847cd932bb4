import { collectionPath } from '../api/collection-document'

/**
 * Copies a shared collection's link, made of its share id, never its document id (decision 070); false
 * when the browser would not (the caller shows it then).
 */
export async function copyCollectionLink(shareId: string): Promise<{ copied: boolean; link: string }> {
  const link = `${location.origin}${collectionPath(shareId)}`
  try {
    await navigator.clipboard.writeText(link)
    return { copied: true, link }
  } catch {
    return { copied: false, link }
  }
}
