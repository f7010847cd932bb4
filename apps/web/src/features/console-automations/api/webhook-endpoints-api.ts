import { useMutation, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import {
  createdWebhookEndpointSchema,
  webhookDeliverySchema,
  webhookEndpointSchema,
  type NewWebhookEndpoint,
} from '@pg/shared/automations'
import { consoleRequest, pathPart } from '../../../lib/console/console-request'
import { automationsKey } from './automations-api'

export type CreatedWebhookEndpoint = z.infer<typeof createdWebhookEndpointSchema>
type EndpointChange = { enabled?: boolean; events?: NewWebhookEndpoint['events'] }

const endpointPath = (endpointId: string) => `/store/webhooks/${pathPart(endpointId)}`

/** `POST /v1/store/webhooks`: the endpoint and its signing secret (`whsec_…`), shown this once. */
export const addWebhookEndpoint = (endpoint: NewWebhookEndpoint) =>
  consoleRequest('POST', '/store/webhooks', createdWebhookEndpointSchema, endpoint)

/** `PATCH /v1/store/webhooks/:endpointId`: on again ("Reactivate"), off, or other events. */
export const changeWebhookEndpoint = ({ endpointId, ...change }: EndpointChange & { endpointId: string }) =>
  consoleRequest('PATCH', endpointPath(endpointId), webhookEndpointSchema, change)

/** `DELETE /v1/store/webhooks/:endpointId` (204). */
export const removeWebhookEndpoint = (endpointId: string) =>
  consoleRequest('DELETE', endpointPath(endpointId), z.unknown())

/** `POST /v1/store/webhooks/:endpointId/test` (202): a `webhook.test` delivery, queued. */
export const sendTestEvent = (endpointId: string) =>
  consoleRequest('POST', `${endpointPath(endpointId)}/test`, webhookDeliverySchema, {})

/**
 * The endpoints' changes; each refreshes the whole page (the list and the delivery log). The new
 * endpoint's secret is let go of as a new key's is (api-keys-api.ts).
 */
export function useWebhookEndpointChanges() {
  const queryClient = useQueryClient()
  const refresh = () => queryClient.invalidateQueries({ queryKey: automationsKey })
  return {
    add: useMutation({ mutationFn: addWebhookEndpoint, gcTime: 0, onSuccess: refresh }),
    change: useMutation({ mutationFn: changeWebhookEndpoint, onSuccess: refresh }),
    remove: useMutation({ mutationFn: removeWebhookEndpoint, onSuccess: refresh }),
    test: useMutation({ mutationFn: sendTestEvent, onSuccess: refresh }),
  }
}
