import type { FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import type { StoreIdentityReader } from '../mail/store-identity'
import type { Config } from '../platform/config'
import type { DatabaseHandle } from '../platform/db/client'
import type { Member } from '../members/account/account-service'
import { createDownloadRepository } from './downloads/download-repository'
import { createPurchaseService } from './downloads/purchase-service'
import { registerDownloadRoutes } from './downloads/routes'
import { createStoreSettings, type StoreSettings } from './downloads/store-settings'
import { createStoreSettingsRepository } from './downloads/store-settings-repository'
import { createOrderService } from './orders/order-service'
import { registerWebhookRoutes } from './orders/webhook-routes'

export interface SellingWingOptions {
  config: Pick<Config, 'productIds' | 'webhookSecrets' | 'downloadFile' | 'downloadLimit' | 'bonusUrls'>
  database: DatabaseHandle
  /** The store as the owner last published it (issue 41): the support address members are shown. */
  storeIdentity: StoreIdentityReader
  /** Who asks (the members' wing finds them). */
  authenticate: (request: FastifyRequest) => Promise<Member | null>
}

/**
 * Selling: the payment providers' webhooks turn purchases into members with access (and refunds end
 * their own order's grant, decision 057); members download what they bought and get their bonuses.
 */
export const sellingWing = fp<SellingWingOptions>(
  async (app, { config, database, authenticate, storeIdentity }) => {
    const storeSettings = createStoreSettings({
      repository: createStoreSettingsRepository(database.db),
      environment: config,
    })
    app.decorate('storeSettings', storeSettings)
    registerDownloadRoutes(
      app,
      createPurchaseService({
        downloads: createDownloadRepository(database.db),
        settings: storeSettings,
        supportEmail: async () => (await storeIdentity('es')).supportEmail,
      }),
      authenticate,
    )
    const orders = createOrderService({
      db: database.db,
      onEmailQueued: () => app.emailQueue.kick(),
      productIds: config.productIds,
    })
    app.decorate('orders', orders)
    await registerWebhookRoutes(app, {
      secrets: config.webhookSecrets,
      orders,
      log: app.log.child({ module: 'webhooks' }),
    })
  },
  { name: 'selling', dependencies: ['platform', 'mail'] },
)

declare module 'fastify' {
  interface FastifyInstance {
    /** What buyers get: the download file, the bonus links, the download limit. */
    storeSettings: StoreSettings
  }
}
