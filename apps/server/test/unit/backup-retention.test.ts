import { describe, expect, it } from 'vitest'
import {
  outsideRetention,
  parseRemoteName,
  remoteName,
} from '../../src/operations/offsite-backups/backup-objects'

/** A daily backup made at 03:00 UTC on `day`. */
const daily = (day: string, time = '030000000') => {
  const name = `gallery-daily-${day.replace(/-/g, '')}T${time}Z.tar.gz.age`
  const parsed = parseRemoteName(name)
  if (!parsed) throw new Error(name)
  return parsed
}

describe('the retention of off-site backups (7 daily, 4 weekly, 12 monthly)', () => {
  it('keeps the last 7 days, the last 4 ISO weeks and the last 12 months, newest of each', () => {
    const backups = []
    for (let at = Date.UTC(2026, 0, 1); at <= Date.UTC(2026, 10, 28); at += 86_400_000)
      backups.push(daily(new Date(at).toISOString().slice(0, 10)))
    const deleted = new Set(
      outsideRetention(backups, { daily: 7, weekly: 4, monthly: 12 }).map((b) => b.name),
    )
    const kept = backups
      .filter((backup) => !deleted.has(backup.name))
      .map((b) => b.madeAt.toISOString().slice(0, 10))
    expect(kept.sort()).toEqual(
      [
        // Months (2026 has 11 so far): the last day of each, November's being the 28th.
        '2026-01-31',
        '2026-02-28',
        '2026-03-31',
        '2026-04-30',
        '2026-05-31',
        '2026-06-30',
        '2026-07-31',
        '2026-08-31',
        '2026-09-30',
        '2026-10-31',
        // Weeks (Monday to Sunday): 2–8 and 9–15 November; the two newest are among the days.
        '2026-11-08',
        '2026-11-15',
        // Days.
        '2026-11-22',
        '2026-11-23',
        '2026-11-24',
        '2026-11-25',
        '2026-11-26',
        '2026-11-27',
        '2026-11-28',
      ].sort(),
    )
  })

  it('counts a day once (its newest backup), never deletes the owner’s own, and keeps what a smaller count says', () => {
    const manual = parseRemoteName('gallery-manual-20200101T000000000Z.tar.gz.age')
    if (!manual) throw new Error('manual')
    const backups = [
      daily('2026-11-28', '010000000'),
      daily('2026-11-28', '220000000'),
      daily('2026-11-27'),
      manual,
    ]
    const deleted = outsideRetention(backups, { daily: 1, weekly: 0, monthly: 0 }).map((b) => b.name)
    expect(deleted.sort()).toEqual(
      ['gallery-daily-20261127T030000000Z.tar.gz.age', 'gallery-daily-20261128T010000000Z.tar.gz.age'].sort(),
    )
  })

  it('names only the store’s own backups', () => {
    expect(remoteName('gallery-daily-20261128T030000000Z.tar.gz')).toBe(
      'gallery-daily-20261128T030000000Z.tar.gz.age',
    )
    expect(remoteName('gallery-before-restore-20261128T030000000Z.tar.gz')).toBeNull()
    for (const name of [
      'notes.txt',
      'sub/gallery-daily-20261128T030000000Z.tar.gz.age',
      'gallery-daily-20261399T030000000Z.tar.gz.age',
    ])
      expect(parseRemoteName(name), name).toBeNull()
  })
})
