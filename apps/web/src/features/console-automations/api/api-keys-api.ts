import { useMutation, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import { createdApiKeySchema, type NewApiKey } from '@pg/shared/automations'
import { consoleRequest, pathPart } from '../../../lib/console/console-request'
import { automationsKey } from './automations-api'

export type CreatedApiKey = z.infer<typeof createdApiKeySchema>

/** `POST /v1/store/keys`: the new key and its secret, which no other answer ever carries. */
export const createApiKey = (key: NewApiKey) =>
  consoleRequest('POST', '/store/keys', createdApiKeySchema, key)

/** `DELETE /v1/store/keys/:keyId` (204): the key stops working at once. */
export const revokeApiKey = (keyId: string) =>
  consoleRequest('DELETE', `/store/keys/${pathPart(keyId)}`, z.unknown())

/**
 * Making a key: the list is read again (without the secret). The answer, secret included, is not kept
 * by TanStack Query once its caller let go of it (`gcTime: 0` and the caller's `reset()`): the page
 * holds the secret in its own state until the owner dismisses it, and nowhere else.
 */
export function useCreateApiKey() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createApiKey,
    gcTime: 0,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: automationsKey }),
  })
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: revokeApiKey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: automationsKey }),
  })
}
