import { useQuery } from '@tanstack/react-query'
import { z } from 'zod'
import { consoleRequest } from '../../../lib/console/console-request'

/** `GET /v1/store/mfa-policy` (issue 43): whether the store runs with `ADMIN_MFA=required`. */
const mfaPolicySchema = z.object({ required: z.boolean() })

export const mfaPolicyKey = ['console', 'mfa-policy'] as const

export const getMfaPolicy = () => consoleRequest('GET', '/store/mfa-policy', mfaPolicySchema)

/**
 * Whether an admin without a second factor may reach only the enrolment page: `checking` until the
 * server said. Only asked for such an admin (`ask`). A policy that cannot be read opens the console:
 * the server refuses its routes to such an admin anyway, and would say why on each page.
 */
export function useAdminMfaRequired(ask: boolean): boolean | 'checking' {
  const policy = useQuery({
    queryKey: mfaPolicyKey,
    queryFn: getMfaPolicy,
    enabled: ask,
    staleTime: Infinity,
  })
  if (!ask || policy.isError) return false
  return policy.isPending ? 'checking' : policy.data.required
}
