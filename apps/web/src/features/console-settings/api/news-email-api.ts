import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import { consoleRequest } from '../../../lib/console/console-request'

/** `GET /v1/store/news-email` (decision 064): the store's switch of the weekly email, its last look, its next. */
const newsEmailSchema = z.object({
  enabled: z.boolean(),
  lastLook: z
    .object({
      $id: z.string(),
      since: z.string(),
      until: z.string(),
      projects: z.number().int().nonnegative(),
      recipients: z.number().int().nonnegative(),
      sent: z.number().int().nonnegative(),
    })
    .nullable(),
  /** Null while the catalogue never had a project. */
  nextLookAt: z.string().nullable(),
})
export type NewsEmailState = z.infer<typeof newsEmailSchema>

export const newsEmailKey = ['console', 'settings', 'news-email'] as const

export const getNewsEmail = () => consoleRequest('GET', '/store/news-email', newsEmailSchema)

export const setNewsEmail = (enabled: boolean) =>
  consoleRequest('PUT', '/store/news-email', newsEmailSchema, { enabled })

export const useNewsEmail = () => useQuery({ queryKey: newsEmailKey, queryFn: getNewsEmail })

/** Turns the weekly email on or off for the whole store; the answer is the state after it. */
export function useSetNewsEmail() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: setNewsEmail,
    onSuccess: (state) => queryClient.setQueryData(newsEmailKey, state),
  })
}
