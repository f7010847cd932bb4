import { useQuery } from '@tanstack/react-query'
import { automationsSchema } from '@pg/shared/automations'
import { consoleRequest } from '../../../lib/console/console-request'

export type { ApiKey, Automations, WebhookEndpoint } from '@pg/shared/automations'

/** Everything on the Automations page is under this key: a change refreshes it by prefix. */
export const automationsKey = ['console', 'automations'] as const
const listKey = [...automationsKey, 'list'] as const

/** `GET /v1/store/automations` (issue 44): the keys (never their secrets) and the webhook endpoints. */
export const getAutomations = () => consoleRequest('GET', '/store/automations', automationsSchema)

export const useAutomations = () => useQuery({ queryKey: listKey, queryFn: getAutomations })
