/**
 * The backups in the bucket (issue 42): `<prefix>gallery-<kind>-<UTC time>.tar.gz.age`, the local backup's
 * name with `.age`, so a name says what and when without opening it. Nothing else under the prefix is
 * ever listed as a backup, downloaded or deleted.
 */
const REMOTE_NAME =
  /^gallery-(daily|manual)-(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})(\d{3})Z\.tar\.gz\.age$/

export type RemoteKind = 'daily' | 'manual'

export interface RemoteBackup {
  /** The name under the prefix, e.g. `gallery-daily-20261128T101000000Z.tar.gz.age`. */
  name: string
  kind: RemoteKind
  /** When the backup was made (from its name). */
  madeAt: Date
  bytes: number
  /** When the bucket received it. */
  uploadedAt: Date | undefined
}

/** The object's name for a local backup file's name, or null for a backup that is never uploaded. */
export function remoteName(localName: string): string | null {
  const name = `${localName}.age`
  return REMOTE_NAME.test(name) ? name : null
}

/** The local file's name a downloaded backup is written under (without `.age`). */
export const localName = (remote: string) => remote.replace(/\.age$/, '')

/** What a name in the bucket says, or null when it is not one of this store's backups. */
export function parseRemoteName(name: string): Pick<RemoteBackup, 'name' | 'kind' | 'madeAt'> | null {
  const match = REMOTE_NAME.exec(name)
  if (!match) return null
  const [, kind, year, month, day, hour, minute, second, millisecond] = match
  const madeAt = new Date(
    Date.UTC(
      Number(year),
      Number(month) - 1,
      Number(day),
      Number(hour),
      Number(minute),
      Number(second),
      Number(millisecond),
    ),
  )
  // A time that does not exist (13th month, 31 April) rolls over in Date.UTC: not one the store wrote.
  if (Number.isNaN(madeAt.getTime())) return null
  if (
    madeAt.toISOString().replace(/[-:.]/g, '') !==
    `${year}${month}${day}T${hour}${minute}${second}${millisecond}Z`
  )
    return null
  return { name, kind: kind as RemoteKind, madeAt }
}

export interface Retention {
  daily: number
  weekly: number
  monthly: number
}

const day = (at: Date) => at.toISOString().slice(0, 10)
const month = (at: Date) => at.toISOString().slice(0, 7)
/** The ISO week (Monday first) of a UTC date, as `2026-W48`. */
function week(at: Date): string {
  const date = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()))
  const weekday = date.getUTCDay() || 7
  date.setUTCDate(date.getUTCDate() + 4 - weekday)
  const yearStart = Date.UTC(date.getUTCFullYear(), 0, 1)
  const number = Math.ceil(((date.getTime() - yearStart) / 86_400_000 + 1) / 7)
  return `${date.getUTCFullYear()}-W${String(number).padStart(2, '0')}`
}

/**
 * The daily backups the retention no longer keeps: the newest of each of the last `daily` days, of the
 * last `weekly` ISO weeks and of the last `monthly` months are kept (as restic's --keep-daily, --keep-weekly
 * and --keep-monthly count); a backup kept by one rule stays. The owner's own (`manual`) are never
 * deleted by the store.
 */
export function outsideRetention<T extends { name: string; kind: RemoteKind; madeAt: Date }>(
  backups: T[],
  keep: Retention,
): T[] {
  const daily = backups
    .filter((backup) => backup.kind === 'daily')
    .sort((a, b) => b.madeAt.getTime() - a.madeAt.getTime() || b.name.localeCompare(a.name))
  const kept = new Set<string>()
  for (const [count, period] of [
    [keep.daily, day],
    [keep.weekly, week],
    [keep.monthly, month],
  ] as const) {
    const seen = new Set<string>()
    for (const backup of daily) {
      if (seen.size >= count) break
      const key = period(backup.madeAt)
      if (seen.has(key)) continue
      seen.add(key)
      kept.add(backup.name)
    }
  }
  return daily.filter((backup) => !kept.has(backup.name))
}
