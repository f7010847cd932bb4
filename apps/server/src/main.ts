import { createUserRepository } from './members/account/user-repository'
import { buildApp } from './app'
import { createCatalogRepository } from './catalogue/editing/catalog-repository'
import { seedDemoCatalog } from './catalogue/demo/demo-seed'
import { createDemoMember } from './members/management/demo-member'
import { ConfigError, loadConfig, type Config } from './platform/config'
import { openDatabase, type DatabaseHandle } from './platform/db/client'
import { DatabaseInUseError } from './platform/db/embedded-lock'
import { makeDailyBackup, startDailyBackups } from './operations/backups/embedded-backup'
import { openAdminChannel } from './cli/admin-channel'
import { createAdminContext } from './cli/admin-context'
import { runAdminCommand } from './cli/run-admin-command'
import { createConfiguredMailer } from './mail/configured-mailer'
import { PRODUCT_SETTINGS } from './selling/orders/granting-orders'
import { PROVIDER_NAMES } from './selling/orders/order-event'
import { releaseFreedMemory } from './platform/lib/freed-memory'

/** On an empty store with DEMO on: the demo catalogue and a demo member whose credentials are printed once. */
async function seedIfEmpty(config: Config, database: DatabaseHandle, log: (line: string) => void) {
  if (!config.demo) return
  const users = createUserRepository(database.db)
  if (await createCatalogRepository(database.db).isEmpty()) {
    const catalog = await seedDemoCatalog(database)
    log(`Loaded the demo catalogue: ${catalog.projects.length} projects.`)
  }
  if ((await users.count()) === 0) {
    const member = await createDemoMember(users, { email: config.demoEmail, password: config.demoPassword })
    // A password the owner chose is theirs already: only a generated one is printed (once).
    const password = config.demoPassword ? '(the one in DEMO_PASSWORD)' : member.password
    log(`Demo member created. Sign in with:\n    email:    ${member.email}\n    password: ${password}`)
  }
}

/** A store open to buyers (no demo data) should say where to pay and where to write. */
function warnAboutStoreSettings(config: Config, warn: (message: string) => void) {
  // Behind a proxy the buyers' address is the proxy's: the store cannot guess it (decision 011).
  if (config.trustProxy !== false && !config.publicOrigin) {
    warn('TRUST_PROXY is set but PUBLIC_ORIGIN is not: links in emails and pages name http://localhost')
  }
  if (config.demo) return
  if (!config.checkoutUrl)
    warn('CHECKOUT_URL is not set: the buy buttons say that checkout is not configured')
  if (!config.supportEmail) {
    warn('SUPPORT_EMAIL is not set: the information pages name soporte@localhost as the support address')
  }
  if (!Object.values(config.webhookSecrets).some(Boolean)) {
    warn(
      'No payment webhook is configured (STRIPE_WEBHOOK_SECRET, HOTMART_HOTTOK, LEMONSQUEEZY_WEBHOOK_SECRET): ' +
        'buyers get no access until the owner runs orders grant',
    )
  }
  for (const provider of PROVIDER_NAMES) {
    if (config.webhookSecrets[provider] && !config.productIds[provider]) {
      warn(
        `${PRODUCT_SETTINGS[provider]} is not set: every paid ${provider} order on the account grants access`,
      )
    }
  }
}

/**
 * Said loudly, on the terminal and in the log: a store reachable from the network without PUBLIC_ORIGIN
 * cannot send password links (decision 011), and the owner should hear why before a buyer does.
 */
function warnWithoutPublicOrigin(config: Config, app: Awaited<ReturnType<typeof buildApp>>) {
  if (app.storeOrigin.configured) return
  const rule = '-'.repeat(78)
  process.stderr.write(
    [
      '',
      rule,
      `WARNING: PUBLIC_ORIGIN is not set, and HOST=${config.host} lets other machines reach the store.`,
      "Links that carry a secret are never built from a request's Host header, so until PUBLIC_ORIGIN",
      'is set the store sends none: password recovery answers 503 (general_service_disabled) and',
      'the admin CLI refuses to invite members.',
      'Set PUBLIC_ORIGIN to the address buyers use, e.g. PUBLIC_ORIGIN=https://tienda.example.com',
      '(or listen on this machine only with HOST=127.0.0.1).',
      rule,
      '',
      '',
    ].join('\n'),
  )
  app.log.warn(
    `PUBLIC_ORIGIN is not set on HOST=${config.host}: password recovery and invitations are refused`,
  )
}

/** Admin commands (decision 007) run here with the same code as the CLI on its own. */
function openServerAdminChannel(
  config: Config,
  database: DatabaseHandle,
  app: Awaited<ReturnType<typeof buildApp>>,
) {
  const log = app.log.child({ module: 'admin' })
  const mailer = createConfiguredMailer(config, ({ file }) =>
    log.info({ file }, 'email written to the mail folder'),
  )
  const context = createAdminContext({
    database,
    mailer,
    // `db backup --upload` through the socket: the server's own queue retries a failed upload.
    offsite: app.offsiteBackups,
    linkOrigin: () => app.storeOrigin.linkOrigin(),
    dataDir: config.dataDir,
    storeEnvironment: config,
    // The server's own sender sends what commands queue (`orders grant`), and its log says how it went.
    emailQueue: app.emailQueue,
    storeIdentity: app.storeIdentity,
    webhookSender: app.webhookSender,
  })
  return openAdminChannel({
    dataDir: config.dataDir,
    warn: (message) => log.warn(message),
    handle: async (input) => {
      const command =
        typeof input === 'object' && input !== null && 'command' in input ? input.command : undefined
      log.info({ command }, 'admin command')
      return runAdminCommand(context, input, (error) => log.error({ err: error }, 'admin command failed'))
    },
  })
}

async function main() {
  // Everything the store writes (database, mail, admin socket, backups) is its user's alone (decision 022).
  process.umask(0o077)
  const config = loadConfig()
  const database = await openDatabase(config)
  let app: Awaited<ReturnType<typeof buildApp>> | undefined
  let adminChannel: Awaited<ReturnType<typeof openAdminChannel>> = null
  let stopBackups: (() => Promise<void>) | undefined

  const startup = (async () => {
    await database.migrate()
    app = await buildApp(config, database, { afterHeavyWork: releaseFreedMemory })
    // Printed to the terminal, not the log: the one-time demo password must not end up in log storage.
    await seedIfEmpty(config, database, (line) => process.stdout.write(`\n${line}\n\n`))
    await app.listen({ port: config.port, host: config.host })
    const log = app.log
    warnWithoutPublicOrigin(config, app)
    warnAboutStoreSettings(config, (message) => log.warn(message))
    // Only this process may open the embedded database: admin commands reach it through a local socket.
    if (!config.databaseUrl) adminChannel = await openServerAdminChannel(config, database, app)
    // A daily backup in DATA_DIR/backups, the last 7 kept (decision 018), uploaded to the owner's bucket
    // when BACKUP_S3_* is set (issue 42); a PostgreSQL store makes one only then (decision 074).
    const offsite = app.offsiteBackups
    if (!config.databaseUrl || offsite.configured) {
      stopBackups = startDailyBackups({
        makeDailyBackup: config.databaseUrl
          ? () => offsite.dailyServerBackup()
          : () => makeDailyBackup(database, config.dataDir),
        onBackup: (backup, milliseconds) => {
          log.info({ file: backup.file, bytes: backup.bytes, milliseconds }, 'daily backup')
          // The PostgreSQL store's daily backup is queued by dailyServerBackup itself.
          if (!config.databaseUrl)
            void offsite
              .afterBackup(backup, 'daily')
              .catch((error: unknown) =>
                log.error({ err: error }, 'the daily backup was not queued for upload'),
              )
        },
        onError: (error) => log.error({ err: error }, 'the daily backup failed'),
      })
    }
  })()

  // Ctrl-C during start-up waits for the step in progress (a migration, the demo seed) to finish.
  let stopping = false
  const stop = async () => {
    if (stopping) return
    stopping = true
    await startup.catch(() => undefined)
    await adminChannel?.close()
    await stopBackups?.()
    await app?.close()
    await database.close()
    process.exit(0)
  }
  process.on('SIGINT', () => void stop())
  process.on('SIGTERM', () => void stop())

  await startup
  const address = app?.server.address()
  const port = address !== null && typeof address === 'object' ? address.port : config.port
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PostgreSQL in ${config.dataDir}`
  const publicAddress = config.publicOrigin ? ` (public address ${config.publicOrigin})` : ''
  process.stdout.write(
    `Projects Gallery is running on http://localhost:${port}${publicAddress} — database: ${where}\n`,
  )
}

main().catch((error: unknown) => {
  process.stderr.write(
    `${error instanceof ConfigError || error instanceof DatabaseInUseError ? error.message : error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  )
  process.exit(1)
})
