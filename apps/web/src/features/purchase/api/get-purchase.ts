import { queryOptions, useQuery } from '@tanstack/react-query'
import { purchaseSchema, type Purchase } from '@pg/shared/purchase'
import { client } from '../../../lib/backend'

export const purchaseQueryKey = ['purchase'] as const

/**
 * The signed-in member's orders, bonuses and support address (`GET /v1/store/purchase`), through the
 * SDK's client so that a refusal is an AppwriteException like every other call's.
 */
export async function getPurchase(): Promise<Purchase> {
  const url = new URL(`${client.config.endpoint}/store/purchase`)
  return purchaseSchema.parse(await client.call('get', url))
}

export const purchaseQueryOptions = () =>
  queryOptions({ queryKey: purchaseQueryKey, queryFn: getPurchase, retry: 1 })

export const usePurchase = () => useQuery(purchaseQueryOptions())
