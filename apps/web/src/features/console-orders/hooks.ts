import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import { getOrder, listOrders } from './api/orders-api'
import type { OrderFilter } from './model/order-filter'

export const ordersKey = ['console', 'orders'] as const

export const useOrderPage = (filter: OrderFilter) =>
  useQuery({
    queryKey: [...ordersKey, 'list', filter],
    queryFn: () => listOrders(filter),
    placeholderData: keepPreviousData,
  })

export const useOrder = (orderId: string | null) =>
  useQuery({
    queryKey: [...ordersKey, 'one', orderId],
    queryFn: () => getOrder(orderId ?? ''),
    enabled: orderId !== null,
  })

/**
 * After a grant or a refund the console reads again what they change: orders, members (a grant makes
 * one, a refund ends access), the overview's sales and the audit log.
 */
export function useOrdersChanged(): () => Promise<void> {
  const queryClient = useQueryClient()
  return useCallback(() => queryClient.invalidateQueries({ queryKey: ['console'] }), [queryClient])
}
