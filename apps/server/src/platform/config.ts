import path from 'node:path'
import { z } from 'zod'
import { DEFAULT_DATABASE_ID, DEFAULT_PROJECT_ID, ID_PATTERN } from '@pg/shared/constants'
import { serverFiles } from './server-files'

/** What the pages and emails name until the owner sets SUPPORT_EMAIL (apps/web/src/features/info/contact.ts). */
export const DEFAULT_SUPPORT_EMAIL = 'soporte@localhost'

const booleanFlag = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off'])
  .transform((value) => ['1', 'true', 'yes', 'on'].includes(value))

const originList = z
  .string()
  .default('')
  .transform((value, ctx) => {
    const origins: string[] = []
    for (const item of value.split(',').map((part) => part.trim())) {
      if (!item) continue
      try {
        origins.push(new URL(item).origin)
      } catch {
        ctx.addIssue({
          code: 'custom',
          message: `"${item}" is not an origin such as https://shop.example.com`,
        })
      }
    }
    return origins
  })

/**
 * A comma-separated list of a provider's product ids (decision 057): each in the shape the provider
 * gives them, so a typo or a name pasted instead of an id stops the start instead of ignoring every sale.
 * Unset, the provider has no list.
 */
const productIdList = (shape: RegExp, example: string) =>
  z.string().transform((value, ctx) => {
    const ids = value
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean)
    for (const id of ids) {
      if (!shape.test(id)) ctx.addIssue({ code: 'custom', message: `"${id.slice(0, 80)}" is not ${example}` })
    }
    if (ids.length === 0) ctx.addIssue({ code: 'custom', message: `list at least one id, or leave it unset` })
    return [...new Set(ids)]
  })

/** Durations such as "30d", "12h", "45m" or a number of seconds. */
const duration = z
  .string()
  .regex(/^\d+(s|m|h|d)?$/, 'use a number of seconds or a value such as 30d, 12h, 45m')
  .transform((value) => {
    const amount = Number.parseInt(value, 10)
    const unit = value.at(-1)
    const factor = unit === 'd' ? 86_400 : unit === 'h' ? 3_600 : unit === 'm' ? 60 : 1
    return amount * factor
  })

const environmentSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  // Loopback by default (decision 011): a store reachable from the network sets HOST and PUBLIC_ORIGIN.
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  WEB_DIR: z.string().min(1).optional(),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  PROJECT_ID: z.string().regex(ID_PATTERN).default(DEFAULT_PROJECT_ID),
  DATABASE_ID: z.string().regex(ID_PATTERN).default(DEFAULT_DATABASE_ID),
  PUBLIC_ORIGIN: z.url({ protocol: /^https?$/ }).optional(),
  ALLOWED_ORIGINS: originList,
  SESSION_TTL: duration.default(30 * 86_400),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Projects Gallery <no-reply@localhost>'),
  CHECKOUT_URL: z.url({ protocol: /^https?$/ }).optional(),
  SUPPORT_EMAIL: z
    .email('use the mailbox where buyers write to the store, such as soporte@shop.example.com')
    .optional(),
  OWNER_EMAIL: z
    .email("use the store owner's member email, such as dueno@shop.example.com")
    .max(254)
    .optional(),
  // Selling (README: Selling): each provider's webhook is on only when its secret is set.
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  HOTMART_HOTTOK: z.string().min(1).optional(),
  LEMONSQUEEZY_WEBHOOK_SECRET: z.string().min(1).optional(),
  // What the owner sells: only orders of these grant access; unset, every paid order does.
  STRIPE_PAYMENT_LINK_IDS: productIdList(
    /^plink_[A-Za-z0-9]{1,200}$/,
    'a Stripe Payment Link id such as plink_1MoC3ULkdIwHu7ixZjtGpVl2',
  ).optional(),
  HOTMART_PRODUCT_IDS: productIdList(
    /^\d{1,15}$/,
    'a Hotmart product id: the number Hotmart shows for the product, such as 4774438',
  ).optional(),
  LEMONSQUEEZY_PRODUCT_IDS: productIdList(
    /^\d{1,15}$/,
    'a Lemon Squeezy product id: the number of the product, such as 123456',
  ).optional(),
  DOWNLOAD_FILE: z.string().min(1).optional(),
  DOWNLOAD_LIMIT: z.coerce.number().int().min(1).max(1000).default(10),
  BONUS_1_URL: z.url({ protocol: /^https?$/ }).optional(),
  BONUS_2_URL: z.url({ protocol: /^https?$/ }).optional(),
  INACTIVITY_BLOCK_DAYS: z.coerce.number().int().min(31).max(3650).optional(),
  // The store's ceiling on the sign-in and recovery emails visitors can make it send (issue 40).
  ACCOUNT_EMAILS_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(100),
  // Off-site backups to S3-compatible storage (issue 42; README: Off-site backups).
  BACKUP_S3_ENDPOINT: z
    .url({ protocol: /^https?$/ })
    .refine((value) => !new URL(value).username && !new URL(value).password, {
      message: 'put the keys in BACKUP_S3_ACCESS_KEY_ID and BACKUP_S3_SECRET_ACCESS_KEY, not in the address',
    })
    .optional(),
  BACKUP_S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]{1,40}$/, 'use a region such as us-east-1, or auto for R2')
    .optional(),
  BACKUP_S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'use the bucket’s name, such as gallery-backups')
    .optional(),
  BACKUP_S3_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9!_.*'()/-]{0,200}$/, 'use letters, digits and - _ . / only, such as tienda/')
    .optional(),
  BACKUP_S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  BACKUP_S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  BACKUP_S3_FORCE_PATH_STYLE: booleanFlag.default(false),
  BACKUP_S3_ALLOW_PRIVATE: booleanFlag.default(false),
  BACKUP_PASSPHRASE: z
    .string()
    .refine(
      (value) =>
        /^age1[02-9ac-hj-np-z]{58}$/.test(value) ||
        /^AGE-SECRET-KEY-1[02-9AC-HJ-NP-Z]{58}$/.test(value) ||
        (!/^(age1|AGE-SECRET-KEY-)/i.test(value) && value.length >= 12),
      'use a passphrase of 12 characters or more, an age recipient (age1…) or an age identity (AGE-SECRET-KEY-1…)',
    )
    .optional(),
  BACKUP_KEEP_DAILY: z.coerce.number().int().min(1).max(366).default(7),
  BACKUP_KEEP_WEEKLY: z.coerce.number().int().min(0).max(520).default(4),
  BACKUP_KEEP_MONTHLY: z.coerce.number().int().min(0).max(1200).default(12),
  // Admins need a second factor before the console opens (issue 43); default `required` in production.
  ADMIN_MFA: z.enum(['required', 'optional']).optional(),
  // Webhooks may go to loopback and private addresses (an n8n on the same machine, issue 44).
  WEBHOOK_ALLOW_PRIVATE: booleanFlag.default(false),
  TRUST_PROXY: z
    .string()
    .regex(
      /^(true|false|\d+|[\d.:a-fA-F/, ]+)$/,
      'use true, false, a number of hops or a list of proxy addresses',
    )
    .default('false'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEARCH_WORKER: z.enum(['auto', 'on', 'off']).default('auto'),
  DEMO: booleanFlag.optional(),
  ALLOW_SIGNUP: booleanFlag.default(false),
  DEMO_EMAIL: z.email().optional(),
  DEMO_PASSWORD: z.string().min(8).max(256).optional(),
  // Unset on a developer's machine (`npm start`); a deployment says `production` (decision 019).
  NODE_ENV: z.string().optional(),
})

export interface Config {
  port: number
  host: string
  dataDir: string
  /** The built web app (`apps/web/dist` unless WEB_DIR says otherwise). */
  webDir: string
  databaseUrl: string | undefined
  projectId: string
  databaseId: string
  publicOrigin: string | undefined
  allowedOrigins: string[]
  sessionTtlSeconds: number
  smtpUrl: string | undefined
  mailFrom: string
  checkoutUrl: string | undefined
  /** The address the information pages name for support; `soporte@localhost` until the owner sets it. */
  supportEmail: string | undefined
  /**
   * The store owner's member email: no admin can take their label, disable or delete them from the
   * console (decision 058). Unset: the first admin is the owner.
   */
  ownerEmail: string | undefined
  /** Webhook secrets per provider; a provider without one has no endpoint (404). */
  webhookSecrets: { stripe?: string; hotmart?: string; lemonsqueezy?: string }
  /**
   * What the owner sells, per provider (`STRIPE_PAYMENT_LINK_IDS`, `HOTMART_PRODUCT_IDS`,
   * `LEMONSQUEEZY_PRODUCT_IDS`): only orders of these grant access; a provider without a list grants
   * any paid order, as before (decision 057).
   */
  productIds: { stripe?: string[]; hotmart?: string[]; lemonsqueezy?: string[] }
  /** The bundle buyers download, unless the owner set another with the CLI (`settings set`). */
  downloadFile: string | undefined
  /** How many downloads each order may start. */
  downloadLimit: number
  /** The two bonus courses' links, unless set with the CLI. */
  bonusUrls: { bonus1: string | undefined; bonus2: string | undefined }
  /** Members inactive this many days are blocked automatically (warned 30 days before); off when unset. */
  inactivityBlockDays: number | undefined
  /** Sign-in and recovery emails sent in an hour at most; past it requests are answered and none sent. */
  accountEmailsPerHour: number
  /**
   * `required`: an admin without two-step verification reaches only its enrolment, not the console's
   * routes (issue 43). Default `required` with NODE_ENV=production, else `optional`.
   */
  adminMfa: 'required' | 'optional'
  /** WEBHOOK_ALLOW_PRIVATE: webhooks may go to loopback, private and link-local addresses (issue 44). */
  webhookAllowPrivate: boolean
  /** Where backups are uploaded, encrypted (issue 42); undefined without BACKUP_S3_BUCKET. */
  offsiteBackups: OffsiteBackupConfig | undefined
  logLevel: z.infer<typeof environmentSchema>['LOG_LEVEL']
  /**
   * Whether searches are found in a worker thread (decision 055); `auto`: on PostgreSQL, where the
   * second core is free, not on the embedded database, whose own worker uses it.
   */
  searchWorker: z.infer<typeof environmentSchema>['SEARCH_WORKER']
  /** Fastify's `trustProxy`: whose X-Forwarded-For to believe for the client's address. */
  trustProxy: boolean | string | ((address: string, hop: number) => boolean)
  demo: boolean
  allowSignUp: boolean
  demoEmail: string | undefined
  demoPassword: string | undefined
  development: boolean
}

/** The owner's bucket for off-site backups (issue 42): secrets stay in here, never printed. */
export interface OffsiteBackupConfig {
  /** Unset means AWS S3 itself. */
  endpoint: string | undefined
  region: string
  bucket: string
  /** Ends with `/` unless empty: only keys under it are listed or deleted. */
  prefix: string
  /** Unset: the AWS SDK's own chain (AWS_* variables, an instance role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined
  forcePathStyle: boolean
  /** The endpoint may be a private address (a MinIO on the same network): the owner said so. */
  allowPrivateEndpoint: boolean
  /** BACKUP_PASSPHRASE: a passphrase, an age recipient or an age identity; unset refuses every upload. */
  key: string | undefined
  keep: { daily: number; weekly: number; monthly: number }
}

export class ConfigError extends Error {}

function readOffsiteBackups(env: z.infer<typeof environmentSchema>): OffsiteBackupConfig | undefined {
  if (!env.BACKUP_S3_BUCKET) return undefined
  if (Boolean(env.BACKUP_S3_ACCESS_KEY_ID) !== Boolean(env.BACKUP_S3_SECRET_ACCESS_KEY))
    throw new ConfigError(
      'Invalid configuration:\n  BACKUP_S3_ACCESS_KEY_ID and BACKUP_S3_SECRET_ACCESS_KEY: set both, or neither (the AWS SDK then finds its own)',
    )
  const prefix = env.BACKUP_S3_PREFIX ?? ''
  return {
    endpoint: env.BACKUP_S3_ENDPOINT,
    region: env.BACKUP_S3_REGION ?? 'us-east-1',
    bucket: env.BACKUP_S3_BUCKET,
    prefix: prefix === '' || prefix.endsWith('/') ? prefix : `${prefix}/`,
    credentials:
      env.BACKUP_S3_ACCESS_KEY_ID && env.BACKUP_S3_SECRET_ACCESS_KEY
        ? { accessKeyId: env.BACKUP_S3_ACCESS_KEY_ID, secretAccessKey: env.BACKUP_S3_SECRET_ACCESS_KEY }
        : undefined,
    forcePathStyle: env.BACKUP_S3_FORCE_PATH_STYLE,
    allowPrivateEndpoint: env.BACKUP_S3_ALLOW_PRIVATE,
    key: env.BACKUP_PASSPHRASE,
    keep: { daily: env.BACKUP_KEEP_DAILY, weekly: env.BACKUP_KEEP_WEEKLY, monthly: env.BACKUP_KEEP_MONTHLY },
  }
}

/** `true`, `false`, a number of proxy hops to trust, or the proxies' addresses (comma-separated). */
function readTrustProxy(value: string): Config['trustProxy'] {
  if (value === 'true' || value === 'false') return value === 'true'
  if (/^\d+$/.test(value)) {
    const hops = Number(value)
    return (_address, hop) => hop < hops
  }
  return value
}

/** Reads the environment once at start; a bad value stops the process with a message naming it. */
export function loadConfig(environment: NodeJS.ProcessEnv = process.env): Config {
  const parsed = environmentSchema.safeParse(
    Object.fromEntries(Object.entries(environment).filter(([, value]) => value !== '')),
  )
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`)
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`)
  }
  const env = parsed.data
  return {
    port: env.PORT,
    host: env.HOST,
    dataDir: path.resolve(env.DATA_DIR),
    webDir: env.WEB_DIR ? path.resolve(env.WEB_DIR) : serverFiles.webDir,
    databaseUrl: env.DATABASE_URL,
    projectId: env.PROJECT_ID,
    databaseId: env.DATABASE_ID,
    publicOrigin: env.PUBLIC_ORIGIN ? new URL(env.PUBLIC_ORIGIN).origin : undefined,
    allowedOrigins: env.ALLOWED_ORIGINS,
    sessionTtlSeconds: env.SESSION_TTL,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    checkoutUrl: env.CHECKOUT_URL,
    supportEmail: env.SUPPORT_EMAIL,
    ownerEmail: env.OWNER_EMAIL,
    webhookSecrets: {
      stripe: env.STRIPE_WEBHOOK_SECRET,
      hotmart: env.HOTMART_HOTTOK,
      lemonsqueezy: env.LEMONSQUEEZY_WEBHOOK_SECRET,
    },
    productIds: {
      stripe: env.STRIPE_PAYMENT_LINK_IDS,
      hotmart: env.HOTMART_PRODUCT_IDS,
      lemonsqueezy: env.LEMONSQUEEZY_PRODUCT_IDS,
    },
    downloadFile: env.DOWNLOAD_FILE ? path.resolve(env.DOWNLOAD_FILE) : undefined,
    downloadLimit: env.DOWNLOAD_LIMIT,
    bonusUrls: { bonus1: env.BONUS_1_URL, bonus2: env.BONUS_2_URL },
    inactivityBlockDays: env.INACTIVITY_BLOCK_DAYS,
    accountEmailsPerHour: env.ACCOUNT_EMAILS_PER_HOUR,
    adminMfa: env.ADMIN_MFA ?? (env.NODE_ENV === 'production' ? 'required' : 'optional'),
    webhookAllowPrivate: env.WEBHOOK_ALLOW_PRIVATE,
    offsiteBackups: readOffsiteBackups(env),
    logLevel: env.LOG_LEVEL,
    searchWorker: env.SEARCH_WORKER,
    trustProxy: readTrustProxy(env.TRUST_PROXY),
    // Demo data (and its member) only on a developer's embedded store unless DEMO=1 (decision 019): a
    // PostgreSQL server, NODE_ENV=production or a public origin mean a real store.
    demo:
      env.DEMO ??
      (env.DATABASE_URL === undefined && env.NODE_ENV !== 'production' && env.PUBLIC_ORIGIN === undefined),
    allowSignUp: env.ALLOW_SIGNUP,
    demoEmail: env.DEMO_EMAIL,
    demoPassword: env.DEMO_PASSWORD,
    development: env.NODE_ENV === 'development',
  }
}
