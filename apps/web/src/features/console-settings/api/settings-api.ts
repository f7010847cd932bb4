import { z } from 'zod'
import { readinessItemSchema } from '@pg/shared/readiness'
import { consoleRequest } from '../../../lib/console/console-request'

export { READINESS_STATUSES as SETTING_STATUSES } from '@pg/shared/readiness'
export type { ReadinessItem, ReadinessStatus as SettingStatus } from '@pg/shared/readiness'

const readinessSchema = z.object({ items: z.array(readinessItemSchema), readyToSell: z.boolean() })
export type Readiness = z.infer<typeof readinessSchema>

export const getReadiness = () => consoleRequest('GET', '/store/settings', readinessSchema)
