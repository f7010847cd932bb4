import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { webhookDeliveriesSchema, webhookDeliverySchema } from '@pg/shared/automations'
import { consoleRequest, pathPart } from '../../../lib/console/console-request'
import { automationsKey } from './automations-api'

export type { WebhookAttempt, WebhookDelivery } from '@pg/shared/automations'

/** How often the log is read again while a delivery is still pending. */
export const PENDING_POLL_MS = 2000
/** The log's length: the newest deliveries. */
export const DELIVERIES_SHOWN = 25

const deliveriesKey = (endpointId: string | null) =>
  [...automationsKey, 'deliveries', { endpointId }] as const

/** `GET /v1/store/webhooks/deliveries`: the newest first, of one endpoint or of all. */
export const listDeliveries = (endpointId: string | null) =>
  consoleRequest('GET', '/store/webhooks/deliveries', webhookDeliveriesSchema, {
    limit: DELIVERIES_SHOWN,
    ...(endpointId ? { endpointId } : {}),
  })

/** The log, read again every 2 s while any delivery on it is pending, and no more after. */
export const useDeliveries = (endpointId: string | null) =>
  useQuery({
    queryKey: deliveriesKey(endpointId),
    queryFn: () => listDeliveries(endpointId),
    refetchInterval: (query) =>
      query.state.data?.deliveries.some((delivery) => delivery.status === 'pending')
        ? PENDING_POLL_MS
        : false,
  })

/** `POST /v1/store/webhooks/deliveries/:deliveryId/redeliver` (202): the same event, same `webhook-id`. */
export const redeliver = (deliveryId: string) =>
  consoleRequest(
    'POST',
    `/store/webhooks/deliveries/${pathPart(deliveryId)}/redeliver`,
    webhookDeliverySchema,
    {},
  )

export function useRedeliver() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: redeliver,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...automationsKey, 'deliveries'] }),
  })
}
