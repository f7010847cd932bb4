import { z } from 'zod'
import { consoleRequest } from '../../../lib/console/console-request'

const count = z.number().int().nonnegative()
/** Amounts in the currency's minor unit (cents), by currency code. */
const revenueSchema = z.record(z.string(), z.number().int())

/** `GET /v1/store/overview` as the server's `storeOverview` answers it (decisions 040, 044 and 058). */
const overviewSchema = z.object({
  members: z.object({ active: count, blocked: count, disabled: count, liveSessions: count }),
  sales: z.object({
    days: z.array(z.object({ day: z.string(), orders: count, revenue: revenueSchema })),
    orders: count,
    revenue: revenueSchema,
  }),
  catalogue: z.object({
    projects: count,
    categories: count,
    tags: count,
    uncategorizedProjects: count,
  }),
  mostFavourited: z.array(z.object({ projectId: z.string(), title: z.string(), members: count })),
  searchesWithoutResults: z.array(z.object({ term: z.string(), count, lastSearchedAt: z.string() })),
  /** Searches counted without their term: their day already kept its most terms (decision 058). */
  otherSearchesWithoutResults: count,
})
export type Overview = z.infer<typeof overviewSchema>
export type SalesDay = Overview['sales']['days'][number]
export type Revenue = Overview['sales']['revenue']

/** What the Overview needs of `GET /v1/store/settings`: whether the store can sell, and what it lacks. */
const readinessSchema = z.object({
  readyToSell: z.boolean(),
  items: z.array(z.object({ key: z.string(), status: z.enum(['ok', 'missing', 'info']) })),
})
export type Readiness = z.infer<typeof readinessSchema>

export const getOverview = () => consoleRequest('GET', '/store/overview', overviewSchema)

export const getReadiness = () => consoleRequest('GET', '/store/settings', readinessSchema)
