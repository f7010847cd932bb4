import { useMutation, useQueryClient } from '@tanstack/react-query'
import { downloadLinkSchema } from '@pg/shared/purchase'
import { client } from '../../../lib/backend'
import { purchaseQueryKey } from './get-purchase'

const DOWNLOADS_PREFIX = '/downloads/'

/**
 * A short-lived link that starts one download of an order's bundle (each link counts as one download).
 * Only a path on this store under `/downloads/` is followed: the page never navigates where an answer
 * says without checking it.
 */
export async function createDownloadLink(orderId: string): Promise<string> {
  const url = new URL(
    `${client.config.endpoint}/store/purchase/orders/${encodeURIComponent(orderId)}/download`,
  )
  const link = downloadLinkSchema.parse(
    await client.call('post', url, { 'content-type': 'application/json' }, {}),
  )
  const target = new URL(link.url, window.location.origin)
  if (target.origin !== window.location.origin || !target.pathname.startsWith(DOWNLOADS_PREFIX))
    throw new Error('The download link is not one of this store')
  return target.href
}

/** Creates the link; the order's count of downloads changed, so the purchase is read again. */
export function useCreateDownloadLink() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createDownloadLink,
    onSettled: () => queryClient.invalidateQueries({ queryKey: purchaseQueryKey }),
  })
}
