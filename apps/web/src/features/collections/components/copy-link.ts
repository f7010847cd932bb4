import { collectionPath } from '../api/collection-document'

/** Copies a shared collection's address; false when the browser would not (the caller shows it then). */
export async function copyCollectionLink(id: string): Promise<{ copied: boolean; link: string }> {
  const link = `${location.origin}${collectionPath(id)}`
  try {
    await navigator.clipboard.writeText(link)
    return { copied: true, link }
  } catch {
    return { copied: false, link }
  }
}
