import cookie from '@fastify/cookie'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import type { Config } from './config'
import type { DatabaseHandle } from './db/client'
import { startHousekeeping } from './db/housekeeping'
import { registerApiHeaders } from './http/api-headers'
import { registerHealthRoutes } from './http/health-routes'
import { createOriginPolicy, type OriginPolicy } from './http/origin-policy'
import { createStoreOrigin } from './http/store-origin'
import { createRateLimiter, type RateLimiter } from './security/rate-limits'

export interface PlatformWingOptions {
  config: Pick<Config, 'publicOrigin' | 'allowedOrigins' | 'projectId' | 'host' | 'port'>
  database: DatabaseHandle
}

/**
 * The platform under every wing: cookies, the store's own origin (links that carry a secret are built
 * from configuration only, decision 011), the API's headers and origin checks before any route, the
 * sign-in limits, the health route, the database's housekeeping and its outage log lines.
 */
export const platformWing = fp<PlatformWingOptions>(
  async (app, { config, database }) => {
    await app.register(cookie)
    const origins = createOriginPolicy(config)
    app.decorate('origins', origins)
    const storeOrigin = createStoreOrigin(config)
    app.decorate('storeOrigin', storeOrigin)
    app.addHook('onListen', async () => {
      const address = app.server.address()
      if (address !== null && typeof address === 'object') storeOrigin.listening(address.port)
    })
    app.decorate('rateLimiter', createRateLimiter(database))
    registerApiHeaders(app, { origins, projectId: config.projectId })
    registerHealthRoutes(app)
    watchTheDatabase(app, database)
  },
  { name: 'platform' },
)

function watchTheDatabase(app: FastifyInstance, database: DatabaseHandle) {
  const stopHousekeeping = startHousekeeping(database, (error) =>
    app.log.error({ err: error }, 'housekeeping failed'),
  )
  app.addHook('onClose', async () => stopHousekeeping())
  // Once when the database stops answering (the API answers 503 meanwhile), once when it is back.
  const stopWatching = database.availability?.onChange((reachable, reason) => {
    if (reachable) app.log.warn('The database is reachable again')
    else app.log.error(`The database is unreachable (${reason}): the API answers 503 until it is back`)
  })
  app.addHook('onClose', async () => stopWatching?.())
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Which origins may call the API, and its CORS answers. */
    origins: OriginPolicy
    /** Sign-in and recovery limits, kept in the database (shared by every instance). */
    rateLimiter: RateLimiter
  }
}
