import type { FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import type { DatabaseHandle } from '../platform/db/client'
import { registerRouteTable } from '../platform/http/route-table'
import type { SignedIn } from '../platform/http/signed-in'
import { analyticsRoutes } from './analytics-routes'
import { createStoreAnalytics, type AnalyticsLimits, type StoreAnalytics } from './store-analytics'

export interface AnalyticsWingOptions {
  database: DatabaseHandle
  /**
   * Who asks, for the members' events. The members' wing sits above this one and counts through it, so
   * `app.ts` passes a function that asks it when a request comes (never at registration).
   */
  authenticate: (request: FastifyRequest) => Promise<SignedIn | null>
  /** CHECKOUT_URL: the campaigns it names are the owner's, always counted by name (decision 071). */
  checkoutUrl?: string
  /** Smaller bounds and quicker writes in tests. */
  limits?: Partial<AnalyticsLimits>
  now?: () => Date
}

/**
 * The store's own analytics (issue 33, decision 065), below every wing that counts: the storefront's
 * beacons and the members' events (its routes), and the counters the members, the catalogue and the
 * console use (`app.analytics`). The owner's report is one of the console's admin routes.
 */
export const analyticsWing = fp<AnalyticsWingOptions>(
  async (app, { database, authenticate, checkoutUrl, limits, now }) => {
    const analytics = createStoreAnalytics({
      database,
      limits,
      pageOrigin: () => app.storeOrigin.pageOrigin(),
      checkoutUrl,
      now,
      onError: (error) => app.log.error({ err: error }, 'writing the analytics counts failed'),
    })
    // What was counted is written when the server stops.
    app.addHook('onClose', async () => analytics.stop())
    app.decorate('analytics', analytics)
    registerRouteTable(app, analyticsRoutes(analytics), { authenticate, unauthorized: 'user_unauthorized' })
  },
  { name: 'analytics', dependencies: ['platform'] },
)

declare module 'fastify' {
  interface FastifyInstance {
    analytics: StoreAnalytics
  }
}
