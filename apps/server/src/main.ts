import { createUserRepository } from './account/user-repository'
import { buildApp } from './app'
import { createCatalogRepository } from './catalog/catalog-repository'
import { createDemoMember, seedDemoCatalog } from './catalog/demo-seed'
import { ConfigError, loadConfig, type Config } from './config'
import { openDatabase, type DatabaseHandle } from './db/client'
import { DatabaseInUseError } from './db/embedded-lock'
import { openAdminChannel } from './cli/admin-channel'
import { createAdminContext, storeOrigin } from './cli/admin-context'
import { runAdminCommand } from './cli/run-admin-command'
import { createConfiguredMailer } from './mail/configured-mailer'

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
    log(`Demo member created. Sign in with:\n    email:    ${member.email}\n    password: ${member.password}`)
  }
}

/** A store open to buyers (no demo data) should say where to pay and where to write. */
function warnAboutStoreSettings(config: Config, warn: (message: string) => void) {
  if (config.demo) return
  if (!config.checkoutUrl)
    warn('CHECKOUT_URL is not set: the buy buttons say that checkout is not configured')
  if (!config.supportEmail) {
    warn('SUPPORT_EMAIL is not set: the information pages name soporte@localhost as the support address')
  }
}

/** Admin commands (decision 007) run here with the same code as the CLI on its own. */
function openServerAdminChannel(
  config: Config,
  database: DatabaseHandle,
  app: Awaited<ReturnType<typeof buildApp>>,
) {
  const log = app.log.child({ module: 'admin' })
  const mailer = createConfiguredMailer(config, (fields, line) => log.info(fields, line))
  const context = createAdminContext({ database, mailer, webOrigin: storeOrigin(config) })
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
  const config = loadConfig()
  const database = await openDatabase(config)
  let app: Awaited<ReturnType<typeof buildApp>> | undefined
  let adminChannel: Awaited<ReturnType<typeof openAdminChannel>> = null

  const startup = (async () => {
    await database.migrate()
    app = await buildApp(config, database)
    // Printed to the terminal, not the log: the one-time demo password must not end up in log storage.
    await seedIfEmpty(config, database, (line) => process.stdout.write(`\n${line}\n\n`))
    await app.listen({ port: config.port, host: config.host })
    const log = app.log
    warnAboutStoreSettings(config, (message) => log.warn(message))
    // Only this process may open the embedded database: admin commands reach it through a local socket.
    if (!config.databaseUrl) adminChannel = await openServerAdminChannel(config, database, app)
  })()

  // Ctrl-C during start-up waits for the step in progress (a migration, the demo seed) to finish.
  let stopping = false
  const stop = async () => {
    if (stopping) return
    stopping = true
    await startup.catch(() => undefined)
    await adminChannel?.close()
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
  process.stdout.write(`Projects Gallery is running on http://localhost:${port} — database: ${where}\n`)
}

main().catch((error: unknown) => {
  process.stderr.write(
    `${error instanceof ConfigError || error instanceof DatabaseInUseError ? error.message : error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  )
  process.exit(1)
})
