import { z } from 'zod'
import { consoleRequest } from '../../../lib/console/console-request'

export const SETTING_STATUSES = ['ok', 'missing', 'info'] as const
export type SettingStatus = (typeof SETTING_STATUSES)[number]

/** One line of `GET /v1/store/settings` (decision 040): never a secret, only what is set or missing. */
const readinessItemSchema = z.object({
  key: z.string(),
  status: z.enum(SETTING_STATUSES),
  /** A value safe to show (an origin, an address, a file), or, in English, what is missing. */
  detail: z.string(),
})
export type ReadinessItem = z.infer<typeof readinessItemSchema>

const readinessSchema = z.object({ items: z.array(readinessItemSchema), readyToSell: z.boolean() })
export type Readiness = z.infer<typeof readinessSchema>

export const getReadiness = () => consoleRequest('GET', '/store/settings', readinessSchema)
