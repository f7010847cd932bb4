import { AppwriteException } from 'appwrite'
import type { PurchaseOrder } from '@pg/shared/purchase'

/** Why an order's download button is gone, in the words the member reads (locale keys). */
export type DownloadBlock =
  'expired' | 'limit_reached' | 'not_configured' | 'pending' | 'refunded' | 'disputed' | 'canceled'

/**
 * Null when the order can be downloaded. An order that is not paid says why by its status (a refund
 * says "refunded" even once the 15 days are over); a paid one by the server's reason.
 */
export function downloadBlock(order: PurchaseOrder): DownloadBlock | null {
  if (order.download.available) return null
  if (order.status !== 'paid') return order.status
  const reason = order.download.reason
  return reason === null || reason === 'not_paid' ? 'not_configured' : reason
}

export type DownloadFailure = 'signedOut' | 'notFound' | 'unavailable' | 'tooMany' | 'failed'

/** What went wrong asking for a download link, in the product's words; never the raw exception text. */
export function downloadFailure(error: unknown): DownloadFailure {
  if (!(error instanceof AppwriteException)) return 'failed'
  if (error.code === 401) return 'signedOut'
  if (error.type === 'order_not_found') return 'notFound'
  if (error.type === 'download_unavailable') return 'unavailable'
  if (error.code === 429) return 'tooMany'
  return 'failed'
}
