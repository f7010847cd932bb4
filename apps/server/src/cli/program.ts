import { Argument, Command, CommanderError, InvalidArgumentError, Option } from 'commander'
import { DEFAULT_DEMO_PROJECTS, DEFAULT_DEMO_SEED } from '../catalogue/demo/demo-catalog'
import {
  adminRequestSchema,
  describeRequestIssues,
  type AdminRequest,
  type AdminResult,
} from './admin-request'
import { unreadableReason } from '../platform/lib/file-errors'
import { ADMIN_LABEL } from '@pg/shared/account'
import { ORDER_ACCESS, ORDER_STATUSES } from '@pg/shared/purchase'
import { ORDER_PROVIDERS } from './admin-request'
import { STORE_SETTING_KEYS } from '../selling/downloads/store-settings'

/** What the commands need from outside: where requests run, files, and the terminal. */
export interface AdminIo {
  send: (request: AdminRequest) => Promise<AdminResult>
  readFile: (file: string) => Promise<string>
  writeFile: (file: string, text: string) => Promise<void>
  /** Moves a backup written in `DATA_DIR/backups` to where the owner asked (`db backup FILE`). */
  moveBackup?: (from: string, to: string) => Promise<void>
  /** Everything piped in, or a line typed unseen on a terminal (for --password-stdin). */
  readStdin: () => Promise<string>
  stdout: (text: string) => void
  stderr: (text: string) => void
}

const wholeNumber = (value: string) => {
  if (!/^\d+$/.test(value)) throw new InvalidArgumentError('must be a whole number')
  return Number(value)
}
const languageOption = () =>
  new Option('--lang <language>', 'language of the emails').choices(['es', 'en']).default('es')
const formatOption = (description: string) =>
  new Option('--format <format>', description).choices(['json', 'csv'])
/** A password given on the command line shows in the process list and the shell's history; piped, not. */
const passwordStdinOption = () =>
  new Option(
    '--password-stdin',
    'read the password from standard input: its first line piped in, or typed unseen on a terminal',
  ).conflicts(['password'])

/**
 * `npm run admin -- <command>`: parses the command line into an admin request (checked with the same
 * schema the server uses), has it run, and prints the answer. Returns the exit code.
 */
/** `--expires 2027-01-31` is the end of that day in UTC; a full ISO date and time is taken as given. */
function expiryOf(value: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T23:59:59.999Z` : value
}

export async function runAdminCli(argv: string[], io: AdminIo): Promise<number> {
  let exitCode = 0

  async function submit(input: Record<string, unknown>, output?: string): Promise<void> {
    const parsed = adminRequestSchema.safeParse(input)
    if (!parsed.success) {
      io.stderr(describeRequestIssues(parsed.error))
      exitCode = 2
      return
    }
    const result = await io.send(parsed.data)
    if (result.backupFile && output && io.moveBackup) {
      try {
        await io.moveBackup(result.backupFile, output)
        io.stdout(`Backup written to ${output}.\n`)
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error)
        io.stderr(`Cannot write ${output} (${reason}); the backup is in ${result.backupFile}\n`)
        exitCode = 1
        return
      }
    } else if (output && result.exitCode === 0) {
      await io.writeFile(output, result.stdout)
      io.stderr(`Wrote ${output}\n`)
    } else io.stdout(result.stdout)
    io.stderr(result.stderr)
    exitCode = result.exitCode
  }

  /** The password of --password (as typed) or --password-stdin (the first line piped in). */
  async function chosenPassword(options: Record<string, unknown>): Promise<unknown> {
    if (options.passwordStdin !== true) return options.password
    return (await io.readStdin()).split(/\r?\n/)[0] ?? ''
  }

  async function withFile(file: string, run: (content: string) => Promise<void>): Promise<void> {
    let content: string
    try {
      content = await io.readFile(file)
    } catch (error) {
      io.stderr(`Cannot read ${file}: ${unreadableReason(error)}\n`)
      exitCode = 1
      return
    }
    await run(content)
  }

  const program = new Command('npm run admin --')
    .description(
      'Run the store from the terminal: members, orders and the catalogue. Works while the store is running.',
    )
    .exitOverride()
    .configureOutput({ writeOut: io.stdout, writeErr: io.stderr })
    .showHelpAfterError('(run with --help for usage)')
    .addHelpText('after', '\nExample: npm run admin -- users create --email ana@example.com --name "Ana"')

  const users = program.command('users').description('members: create, list, disable, import…')
  users
    .command('create')
    .description('create a member; prints a generated password once unless --password or --invite')
    .requiredOption('--email <email>', 'their email')
    .option('--name <name>', 'their name', '')
    .option('--password <password>', 'their password (8-256 characters, not a common one)')
    .addOption(passwordStdinOption())
    .addOption(
      new Option('--invite', 'email them a link to choose their own password').conflicts([
        'password',
        'passwordStdin',
      ]),
    )
    .addOption(languageOption())
    .option(
      '--label <label>',
      `give them a label (repeatable; ${ADMIN_LABEL} opens the owner's console)`,
      (label: string, labels: string[]) => [...labels, label],
      [],
    )
    .action(async (options: Record<string, unknown>) =>
      submit({
        command: 'users create',
        email: options.email,
        name: options.name,
        password: await chosenPassword(options),
        invite: options.invite === true,
        language: options.lang,
        labels: options.label,
      }),
    )
  users
    .command('list')
    .description('list every member with their status and live sessions')
    .option('--json', 'print JSON')
    .action((options: Record<string, unknown>) =>
      submit({ command: 'users list', json: options.json === true }),
    )
  for (const [name, description] of [
    ['disable', 'stop a member signing in and end their sessions'],
    ['enable', 'let a disabled or blocked member sign in again (e.g. reactivated after inactivity)'],
    ['delete', 'delete a member and their sessions'],
  ] as const) {
    users
      .command(name)
      .description(description)
      .argument('<email>', 'the member’s email')
      .action((email: string) => submit({ command: `users ${name}`, email }))
  }
  users
    .command('label')
    .description(`give a member a label or take it away (${ADMIN_LABEL}: the owner's console)`)
    .argument('<action>', 'add or remove')
    .argument('<email>', 'the member’s email')
    .argument('<label>', `the label, e.g. ${ADMIN_LABEL}`)
    .action((action: string, email: string, label: string) =>
      submit({ command: 'users label', action, email, label }),
    )
  users
    .command('set-password')
    .description('set a member’s password (generated and printed once without --password); signs them out')
    .argument('<email>', 'the member’s email')
    .option('--password <password>', 'the new password')
    .addOption(passwordStdinOption())
    .action(async (email: string, options: Record<string, unknown>) =>
      submit({ command: 'users set-password', email, password: await chosenPassword(options) }),
    )
  users
    .command('sessions')
    .description('a member’s sessions')
    .command('revoke')
    .description('sign a member out everywhere')
    .argument('<email>', 'the member’s email')
    .action((email: string) => submit({ command: 'users sessions revoke', email }))
  users
    .command('mfa')
    .description('two-step verification: users mfa reset E')
    .command('reset')
    .description(
      'turn off a member’s two-step verification (a lost phone and lost codes); ends their sessions',
    )
    .argument('<email>', 'the member’s email')
    .action((email: string) => submit({ command: 'users mfa reset', email }))
  users
    .command('invite')
    .description('email a member a new link to choose their password')
    .argument('<email>', 'the member’s email')
    .addOption(languageOption())
    .action((email: string, options: Record<string, unknown>) =>
      submit({ command: 'users invite', email, language: options.lang }),
    )
  users
    .command('import')
    .description(
      'create and invite the buyers of a CSV file (email,name per line); existing members are skipped',
    )
    .argument('<file>', 'CSV file')
    .addOption(languageOption())
    .action((file: string, options: Record<string, unknown>) =>
      withFile(file, (content) =>
        submit({ command: 'users import', fileName: file, content, language: options.lang }),
      ),
    )

  users
    .command('inactive')
    .description(
      'members who can sign in but have not for --days days (the terms block them after a year); --block blocks them',
    )
    .option('--days <days>', 'days without activity', wholeNumber, 365)
    .option('--block', 'block them: sign-in refused, sessions and links ended (users enable reactivates)')
    .option('--dry-run', 'with --block: show who would be blocked and change nothing')
    .option('--json', 'print JSON')
    .action((options: Record<string, unknown>) =>
      submit({
        command: 'users inactive',
        days: options.days,
        block: options.block === true,
        dryRun: options.dryRun === true,
        json: options.json === true,
      }),
    )

  const orders = program
    .command('orders')
    .description('sales from every payment provider: list, show, grant, refund, export')
  orders
    .command('list')
    .description('list orders, newest first')
    .addOption(new Option('--status <status>', 'only orders with this status').choices(ORDER_STATUSES))
    .addOption(
      new Option('--access <access>', 'only orders that did this to access (ignored: not granted)').choices(
        ORDER_ACCESS,
      ),
    )
    .addOption(new Option('--provider <provider>', 'only orders from this provider').choices(ORDER_PROVIDERS))
    .option('--json', 'print JSON')
    .action((options: Record<string, unknown>) =>
      submit({
        command: 'orders list',
        status: options.status,
        access: options.access,
        provider: options.provider,
        json: options.json === true,
      }),
    )
  orders
    .command('show')
    .description('an order and the events received about it')
    .argument('<id>', 'the order’s id (see orders list)')
    .option('--json', 'print JSON')
    .action((id: string, options: Record<string, unknown>) =>
      submit({ command: 'orders show', id, json: options.json === true }),
    )
  orders
    .command('grant')
    .description(
      'record a sale made elsewhere (a bank transfer): access and emails as a webhook’s; a new buyer becomes a member',
    )
    .argument('<email>', 'the buyer’s email')
    .option('--name <name>', 'their name', '')
    .option('--note <text>', 'a note kept with the order (e.g. the transfer’s reference)', '')
    .addOption(languageOption())
    .action((email: string, options: Record<string, unknown>) =>
      submit({
        command: 'orders grant',
        email,
        name: options.name,
        note: options.note,
        language: options.lang,
      }),
    )
  orders
    .command('grant-ignored')
    .description(
      'grant an order the store ignored (another product, no valid email, nothing paid): access and emails as a paid order’s',
    )
    .argument('<id>', 'the order’s id (see orders list)')
    .option('--email <email>', 'the buyer’s address, when the order’s is not a valid one')
    .action((id: string, options: Record<string, unknown>) =>
      submit({ command: 'orders grant-ignored', id, email: options.email }),
    )
  orders
    .command('refund')
    .description(
      'record a refund made in the provider’s dashboard (this returns no money): the buyer’s access ends',
    )
    .argument('<id>', 'the order’s id (see orders list)')
    .action((id: string) => submit({ command: 'orders refund', id }))
  orders
    .command('export')
    .description('write every order as CSV (cells a spreadsheet would run as formulas are escaped)')
    .addOption(new Option('--format <format>', 'csv').choices(['csv']).default('csv'))
    .option('-o, --output <file>', 'write to this file instead of the terminal')
    .action((options: Record<string, unknown>) =>
      submit(
        { command: 'orders export', format: options.format },
        typeof options.output === 'string' ? options.output : undefined,
      ),
    )

  const catalog = program.command('catalog').description('the catalogue: import, export, statistics')
  catalog
    .command('import')
    .description('import projects from a JSON or CSV file (README: "Catalogue files"); all or nothing')
    .argument('<file>', 'JSON or CSV file')
    .addOption(formatOption('the file’s format (default: from its name or content)'))
    .option('--dry-run', 'check the file and report what would change, without writing')
    .action((file: string, options: Record<string, unknown>) =>
      withFile(file, (content) =>
        submit({
          command: 'catalog import',
          fileName: file,
          content,
          format: options.format,
          dryRun: options.dryRun === true,
        }),
      ),
    )
  catalog
    .command('export')
    .description('write the whole catalogue in a form catalog import reads back')
    .addOption(formatOption('json or csv').default('json'))
    .option('-o, --output <file>', 'write to this file instead of the terminal')
    .action((options: Record<string, unknown>) =>
      submit(
        { command: 'catalog export', format: options.format },
        typeof options.output === 'string' ? options.output : undefined,
      ),
    )
  catalog
    .command('stats')
    .description('count projects, categories, tags and members')
    .option('--json', 'print JSON')
    .action((options: Record<string, unknown>) =>
      submit({ command: 'catalog stats', json: options.json === true }),
    )

  const storefront = program
    .command('storefront')
    .description('the public pages’ texts, prices and policies (the console’s "Tienda"): export, import')
  storefront
    .command('export')
    .description('write the published storefront as JSON, in a form storefront import reads back')
    .option('-o, --output <file>', 'write to this file instead of the terminal')
    .action((options: Record<string, unknown>) =>
      submit(
        { command: 'storefront export' },
        typeof options.output === 'string' ? options.output : undefined,
      ),
    )
  storefront
    .command('import')
    .description('check a storefront JSON file and publish it as the next version (audited); all or nothing')
    .argument('<file>', 'JSON file, as storefront export writes it')
    .option('--dry-run', 'only check the file, naming each problem; change nothing')
    .action((file: string, options: Record<string, unknown>) =>
      withFile(file, (content) =>
        submit({ command: 'storefront import', fileName: file, content, dryRun: options.dryRun === true }),
      ),
    )

  const list = (value: string) =>
    value
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean)
  const keys = program
    .command('keys')
    .description(
      'API keys for the owner’s scripts and tools (node-appwrite, n8n, Zapier): create, list, revoke',
    )
  keys
    .command('create')
    .description('create a key; its secret is printed once, alone on the last line')
    .requiredOption('--name <name>', 'what the audit log and the console call it')
    .requiredOption(
      '--scopes <scopes>',
      'comma-separated: users.read, users.write, documents.read, documents.write, orders.read, orders.write, analytics.read',
    )
    .option('--expires <date>', 'when it stops working (2027-01-31 or an ISO date and time)')
    .action((options: Record<string, unknown>) =>
      submit({
        command: 'keys create',
        name: options.name,
        scopes: list(String(options.scopes)),
        ...(typeof options.expires === 'string' ? { expires: expiryOf(options.expires) } : {}),
      }),
    )
  keys
    .command('list')
    .description('the keys: scopes, expiry, last use (never their secrets)')
    .option('--json', 'print JSON')
    .action((options: Record<string, unknown>) =>
      submit({ command: 'keys list', json: options.json === true }),
    )
  keys
    .command('revoke')
    .description('end a key at once')
    .argument('<name>', 'the key’s name')
    .action((name: string) => submit({ command: 'keys revoke', name }))

  const webhooks = program
    .command('webhooks')
    .description('signed webhooks to the owner’s tools (Standard Webhooks): add, list, remove, test')
  webhooks
    .command('add')
    .description('add an endpoint; its whsec_ signing secret is printed once, alone on the last line')
    .argument('<url>', 'http(s) address the events are posted to')
    .requiredOption(
      '--events <events>',
      'comma-separated: order.paid, order.refunded, order.disputed, member.created, member.first_sign_in, member.disabled, project.created, project.updated, project.deleted',
    )
    .action((url: string, options: Record<string, unknown>) =>
      submit({ command: 'webhooks add', url, events: list(String(options.events)) }),
    )
  webhooks
    .command('list')
    .description('the endpoints, their events and whether they are on')
    .option('--json', 'print JSON')
    .action((options: Record<string, unknown>) =>
      submit({ command: 'webhooks list', json: options.json === true }),
    )
  webhooks
    .command('remove')
    .description('remove an endpoint: nothing more is sent there')
    .argument('<url>', 'the endpoint’s address, as webhooks list shows it')
    .action((url: string) => submit({ command: 'webhooks remove', url }))
  webhooks
    .command('test')
    .description('send a test event (webhook.test) and print the answer')
    .argument('<url>', 'the endpoint’s address, as webhooks list shows it')
    .action((url: string) => submit({ command: 'webhooks test', url }))

  const db = program.command('db').description('the database: migrate, back up, restore')
  db.command('migrate')
    .description('create or update the database schema')
    .action(() => submit({ command: 'db migrate' }))
  db.command('backup')
    .description(
      'back up the database (also while the store runs); default: DATA_DIR/backups. --upload: also to the bucket, encrypted',
    )
    .argument('[file]', 'where to write the backup (a .tar.gz file)')
    .option(
      '--upload',
      'upload it, encrypted with BACKUP_PASSPHRASE, to the BACKUP_S3_* bucket; exits 0 once it is there',
    )
    .action((file: string | undefined, options: Record<string, unknown>) =>
      submit({ command: 'db backup', upload: options.upload === true }, file),
    )
  db.command('backups')
    .description('the backups: db backups list [--remote]')
    .command('list')
    .description("list the backups in DATA_DIR/backups, or the bucket's with --remote (dates and sizes)")
    .option('--remote', 'the backups in the BACKUP_S3_* bucket')
    .option('--json', 'print JSON')
    .action((options: Record<string, unknown>) =>
      submit({ command: 'db backups list', remote: options.remote === true, json: options.json === true }),
    )
  db.command('restore')
    .description(
      'replace the database with a backup (a file, or --remote NAME|--latest from the bucket); stop the store first',
    )
    .argument('[file]', 'a backup written by db backup')
    .option('--remote [name]', 'a backup in the bucket, by its name (db backups list --remote)')
    .option('--latest', 'with --remote: the newest backup in the bucket')
    .addHelpText(
      'after',
      '\nExamples:\n  npm run admin -- db restore data/backups/gallery-manual-20261128T101000000Z.tar.gz\n' +
        '  npm run admin -- db restore --remote --latest\n' +
        '  npm run admin -- db restore --remote gallery-daily-20261127T101000000Z.tar.gz.age',
    )
    .action((file: string | undefined, options: Record<string, unknown>) => {
      const remote =
        options.latest === true ? 'latest' : typeof options.remote === 'string' ? options.remote : undefined
      if (options.latest === true && options.remote === undefined) {
        io.stderr('--latest goes with --remote: db restore --remote --latest\n')
        exitCode = 2
        return
      }
      if (options.remote === true && options.latest !== true) {
        io.stderr('--remote needs a backup name or --latest (db backups list --remote lists them)\n')
        exitCode = 2
        return
      }
      return submit({ command: 'db restore', file, remote })
    })
  db.command('copy-to')
    .description(
      'copy the whole database into an empty PostgreSQL database, or a new folder; stop the store first',
    )
    .argument('<target>', 'postgres://user@host:5432/database, or a folder for a new embedded database')
    .addHelpText(
      'after',
      [
        '',
        'Copies every table (schema by the migrations first), checks each table’s rows and checksum on both',
        'sides and prints them. Refuses a target that is not empty, and never writes to the store’s database.',
        'The source is the embedded database in DATA_DIR, or DATABASE_URL’s when it is set. Give the password',
        'in PGPASSWORD (or ~/.pgpass) rather than in the URL, so it shows in no process list or history.',
        '',
        'Example: PGPASSWORD=… npm run admin -- db copy-to postgres://gallery@db.example.com:5432/gallery',
      ].join('\n'),
    )
    .action((target: string) => submit({ command: 'db copy-to', target }))
  program
    .command('demo')
    .description('demonstration data')
    .command('seed')
    .description('load the generated demo catalogue (upsert by id)')
    .option('--projects <count>', 'how many projects', wholeNumber, DEFAULT_DEMO_PROJECTS)
    .option('--seed <number>', 'random seed', wholeNumber, DEFAULT_DEMO_SEED)
    .action((options: Record<string, unknown>) =>
      submit({ command: 'demo seed', projects: options.projects, seed: options.seed }),
    )

  const settingKey = () => new Argument('<key>', 'the setting (listed below)').choices(STORE_SETTING_KEYS)
  const settingsHelp = [
    '',
    'Settings (a value set here wins over its environment variable and applies at once, also in a running store):',
    '  download-file   absolute path of the bundle buyers download, readable by the store (DOWNLOAD_FILE)',
    '  bonus-1-url     link to Bono 1, the n8n course: http:// or https:// (BONUS_1_URL)',
    '  bonus-2-url     link to Bono 2, the AI master programme: http:// or https:// (BONUS_2_URL)',
    '  download-limit  downloads each order may start, 1 to 1000 (DOWNLOAD_LIMIT, default 10)',
    '',
    'Example: npm run admin -- settings set download-file /srv/store/projects-gallery.zip',
  ].join('\n')
  const settings = program
    .command('settings')
    .description('what buyers get: the download file, the bonus links, the download limit')
    .addHelpText('after', settingsHelp)
  settings
    .command('show')
    .description('the settings in force, where each comes from, and what is missing for selling')
    .option('--json', 'print JSON')
    .action((options: Record<string, unknown>) =>
      submit({ command: 'settings show', json: options.json === true }),
    )
  settings
    .command('set')
    .description('set a setting (wins over its environment variable)')
    .addArgument(settingKey())
    .argument('<value>', 'the new value')
    .addHelpText('after', settingsHelp)
    .action((key: string, value: string) => submit({ command: 'settings set', key, value }))
  settings
    .command('unset')
    .description('remove a setting made here: its environment variable (or the default) applies again')
    .addArgument(settingKey())
    .addHelpText('after', settingsHelp)
    .action((key: string) => submit({ command: 'settings unset', key }))

  // The owner's own campaigns (decision 071), the same list as the console's Analytics page.
  const campaigns = program
    .command('analytics')
    .description("the store's own analytics: your campaigns, always counted by name")
    .command('campaigns')
    .description('campaigns of your own (utm_campaign), never counted as (other)')
  campaigns
    .command('list')
    .description('your campaigns (those on CHECKOUT_URL are counted by name too)')
    .option('--json', 'print JSON')
    .action((options: Record<string, unknown>) =>
      submit({ command: 'analytics campaigns list', json: options.json === true }),
    )
  campaigns
    .command('add')
    .description("count a campaign by name whatever the day's bounds (at most 50)")
    .argument('<campaign>', "its name as the links' utm_campaign has it (upper and lower case matter)")
    .action((campaign: string) => submit({ command: 'analytics campaigns add', campaign }))
  campaigns
    .command('remove')
    .description('stop counting a campaign of yours by name whatever the bounds')
    .argument('<campaign>', 'its name, as listed')
    .action((campaign: string) => submit({ command: 'analytics campaigns remove', campaign }))

  try {
    await program.parseAsync(argv, { from: 'user' })
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode === 0 ? 0 : 2
    throw error
  }
  return exitCode
}
