// The augmentation below needs fastify's types in every program that holds this file (tsconfig.json's
// bench reaches it without importing fastify otherwise).
import type {} from 'fastify'
import type { Config } from '../config'
import { said, say } from '../error-messages/error-message'

/** An interface that only this machine can reach: nobody else can be sent a link to it. */
export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase()
  return bare === 'localhost' || bare === '::1' || /^127(\.\d{1,3}){3}$/.test(bare)
}

/** Its message in English (the CLI prints it); an answer says it in the request's language (members-service). */
export class StoreOriginNotConfigured extends Error {
  constructor(readonly reason: 'host' | 'port' = 'host') {
    super(say(reason === 'host' ? said('publicOriginMissing') : said('publicOriginMissingPort'), 'en'))
  }
}

/** `http://localhost:80` and `http://localhost` are one origin: compare them as browsers write them. */
const normalised = (origin: string) => new URL(origin).origin

/**
 * The store's own origin, from configuration only (decision 011): never from a request's Host or
 * Origin, since a link built from those (a password reset) could point to an attacker's site.
 * `PUBLIC_ORIGIN` when set; else, on a loopback HOST, `http://localhost:<port>` (the port the server
 * listens on, learnt at `listening()` when PORT is 0); else none, and links are refused.
 */
export function createStoreOrigin(config: Pick<Config, 'publicOrigin' | 'allowedOrigins' | 'host' | 'port'>) {
  let port = config.port
  const loopback = isLoopbackHost(config.host)
  const local = () =>
    [`http://localhost:${port}`, `http://127.0.0.1:${port}`, `http://[::1]:${port}`].map(normalised)
  // PORT=0 names no port until the server listens (an admin command run on its own never learns one).
  const localKnown = () => loopback && port !== 0

  return {
    /** Called once the server listens, with the port it actually got. */
    listening(actualPort: number) {
      port = actualPort
    },
    /** Whether links carrying a secret can be built at all. */
    get configured() {
      return config.publicOrigin !== undefined || localKnown()
    },
    /** The origin of every link the store sends with a secret in it; throws when none is configured. */
    linkOrigin(): string {
      if (config.publicOrigin) return config.publicOrigin
      if (localKnown()) return normalised(`http://localhost:${port}`)
      throw new StoreOriginNotConfigured(loopback ? 'port' : 'host')
    },
    /** The origin pages name for themselves (canonical, Open Graph, sitemap). */
    pageOrigin(): string {
      return config.publicOrigin ?? normalised(`http://localhost:${port}`)
    },
    /** Where a caller may ask a recovery link to point: the store itself and ALLOWED_ORIGINS. */
    redirectOrigins(): string[] {
      const own = config.publicOrigin ? [config.publicOrigin] : localKnown() ? local() : []
      return [...own, ...config.allowedOrigins]
    },
  }
}

export type StoreOrigin = ReturnType<typeof createStoreOrigin>

declare module 'fastify' {
  interface FastifyInstance {
    /** The store's origin from configuration (`buildApp` decorates the app with it). */
    storeOrigin: StoreOrigin
  }
}
