import path from 'node:path'
import { z } from 'zod'
import { AppwriteError } from '../../platform/appwrite/errors'
import { said } from '../../platform/error-messages/error-message'
import type { Config } from '../../platform/config'
import { DOWNLOAD_FILE_PROBLEMS, downloadFileProblem, type DownloadFileProblem } from './download-file'
import type { StoreSettingsRepository } from './store-settings-repository'

/** What `npm run admin -- settings set` may change (README: Selling); each wins over its variable. */
export const STORE_SETTING_KEYS = ['download-file', 'bonus-1-url', 'bonus-2-url', 'download-limit'] as const
export type StoreSettingKey = (typeof STORE_SETTING_KEYS)[number]

export const ENVIRONMENT_VARIABLES: Record<StoreSettingKey, string> = {
  'download-file': 'DOWNLOAD_FILE',
  'bonus-1-url': 'BONUS_1_URL',
  'bonus-2-url': 'BONUS_2_URL',
  'download-limit': 'DOWNLOAD_LIMIT',
}

/** The limit when neither the CLI nor DOWNLOAD_LIMIT says otherwise (as config.ts defaults it). */
export const DEFAULT_DOWNLOAD_LIMIT = 10

const httpLink = z.url({
  protocol: /^https?$/,
  error: 'must be an http:// or https:// link, such as https://cursos.example.com/n8n',
})

/** Each setting's value as text, as it is typed and stored; checked again whenever it is read back. */
export const storeSettingValueSchemas: Record<StoreSettingKey, z.ZodType<string>> = {
  'download-file': z
    .string()
    .max(4096)
    .regex(/^[^\0]+$/, 'must be a file path')
    .refine((value) => path.isAbsolute(value), 'must be an absolute path, such as /srv/store/bundle.zip'),
  'bonus-1-url': httpLink,
  'bonus-2-url': httpLink,
  'download-limit': z
    .string()
    .regex(/^\d{1,4}$/, 'must be a whole number from 1 to 1000')
    .refine((value) => Number(value) >= 1 && Number(value) <= 1000, 'must be a whole number from 1 to 1000'),
}

/** Where a value in force comes from: `settings set`, the environment, the built-in default, or nowhere. */
export type SettingSource = 'cli' | 'environment' | 'default' | 'unset'

export interface SettingInForce {
  key: StoreSettingKey
  value: string | null
  source: SettingSource
}

/** What the store delivers to buyers right now. */
export interface EffectiveStoreSettings {
  downloadFile: string | null
  bonusUrls: { bonus1: string | null; bonus2: string | null }
  downloadLimit: number
}

export type StoreEnvironment = Pick<Config, 'downloadFile' | 'downloadLimit' | 'bonusUrls'>

/**
 * The owner's store settings: those made with the CLI win over the environment. Read from the database
 * on every use, so `settings set` takes effect at once in a running store (through the admin socket or
 * on the shared PostgreSQL database).
 */
export function createStoreSettings(options: {
  repository: StoreSettingsRepository
  environment: StoreEnvironment
  now?: () => Date
}) {
  const { repository, environment } = options
  const now = options.now ?? (() => new Date())
  const fromEnvironment: Record<StoreSettingKey, string | undefined> = {
    'download-file': environment.downloadFile,
    'bonus-1-url': environment.bonusUrls.bonus1,
    'bonus-2-url': environment.bonusUrls.bonus2,
    'download-limit':
      environment.downloadLimit === DEFAULT_DOWNLOAD_LIMIT ? undefined : String(environment.downloadLimit),
  }

  async function inForce(): Promise<SettingInForce[]> {
    const stored = await repository.all()
    return STORE_SETTING_KEYS.map((key) => {
      // A value that no longer passes (written by hand, or by an older version) is ignored, not served.
      const cli = storeSettingValueSchemas[key].safeParse(stored.get(key))
      if (cli.success) return { key, value: cli.data, source: 'cli' }
      const variable = fromEnvironment[key]
      if (variable !== undefined) return { key, value: variable, source: 'environment' }
      if (key === 'download-limit') return { key, value: String(DEFAULT_DOWNLOAD_LIMIT), source: 'default' }
      return { key, value: null, source: 'unset' }
    })
  }

  return {
    inForce,

    async effective(): Promise<EffectiveStoreSettings> {
      const values = new Map((await inForce()).map((setting) => [setting.key, setting.value]))
      return {
        downloadFile: values.get('download-file') ?? null,
        bonusUrls: { bonus1: values.get('bonus-1-url') ?? null, bonus2: values.get('bonus-2-url') ?? null },
        downloadLimit: Number(values.get('download-limit') ?? DEFAULT_DOWNLOAD_LIMIT),
      }
    },

    /** Stores a checked value; a download file must be one this process can read. */
    async set(key: StoreSettingKey, value: string): Promise<void> {
      const parsed = storeSettingValueSchemas[key].safeParse(value, { reportInput: true })
      if (!parsed.success) {
        const [issue] = parsed.error.issues
        const reason = issue ? said('schemaIssue', { issue }) : said('invalidValue')
        throw new AppwriteError('general_argument_invalid', said('settingInvalid', { key, reason }))
      }
      if (key === 'download-file') {
        const problem = await downloadFileProblem(parsed.data)
        if (problem) {
          throw new AppwriteError(
            'general_argument_invalid',
            said('downloadFileUnusable', { key, file: parsed.data, problem }),
          )
        }
      }
      await repository.set(key, parsed.data, now())
    },

    unset: (key: StoreSettingKey) => repository.unset(key),
  }
}

export type StoreSettings = ReturnType<typeof createStoreSettings>

/** What a store needs before it sells: a file buyers can download, and the two bonus links. */
/** What selling lacks in the settings in force: a setting unset, or a download file that cannot be read. */
export interface SellingGap {
  key: StoreSettingKey
  /** The file that cannot be delivered; null for a setting that is not set. */
  file: string | null
  problem: DownloadFileProblem | null
}

export async function sellingGaps(inForce: SettingInForce[]): Promise<SellingGap[]> {
  const gaps: SellingGap[] = []
  for (const setting of inForce) {
    if (setting.key === 'download-file') {
      if (setting.value === null) gaps.push({ key: setting.key, file: null, problem: null })
      else {
        const problem = await downloadFileProblem(setting.value)
        if (problem) gaps.push({ key: setting.key, file: setting.value, problem })
      }
    } else if (setting.key !== 'download-limit' && setting.value === null) {
      gaps.push({ key: setting.key, file: null, problem: null })
    }
  }
  return gaps
}

/** The gaps as the admin CLI prints them, one English line each (`key: what is missing`). */
export const sellingGapLine = (gap: SellingGap): string =>
  gap.key === 'download-file'
    ? gap.file === null || gap.problem === null
      ? 'no file to deliver; buyers see no download'
      : `${gap.file}: ${DOWNLOAD_FILE_PROBLEMS[gap.problem]}`
    : 'no link; “My purchase” shows this bonus without one'

export async function missingForSelling(inForce: SettingInForce[]): Promise<string[]> {
  return (await sellingGaps(inForce)).map((gap) => `${gap.key}: ${sellingGapLine(gap)}`)
}
