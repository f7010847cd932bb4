import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { countsOf, sendVisit } from '../support/analytics-beacons'
import { startTestServer, type TestServer } from '../support/test-app'
import { createAdminCli } from './admin-cli'

/**
 * `analytics campaigns list|add|remove` (issue 40, L6; decision 071): the owner's own campaigns from the
 * terminal, the same list as the console's, audited; the running store counts them by name at its next
 * write, past the day's bound of keys (2 here).
 */
let server: TestServer
let cli: ReturnType<typeof createAdminCli>

beforeAll(async () => {
  server = await startTestServer({ analyticsLimits: { flushEveryMs: 600_000, keysPerMetricAndDay: 2 } })
  cli = createAdminCli(server.database)
})
afterAll(() => server.close())

it('adds, lists and removes a campaign, each change audited; the store counts it by name past the day’s keys', async () => {
  expect(await cli.run('analytics', 'campaigns', 'add', 'black friday')).toMatchObject({ code: 0, err: '' })
  expect((await cli.run('analytics', 'campaigns', 'add', 'black friday')).code).toBe(1)
  const listed = await cli.run('analytics', 'campaigns', 'list')
  expect(listed).toMatchObject({ code: 0, out: 'black friday\n' })
  expect(JSON.parse((await cli.run('analytics', 'campaigns', 'list', '--json')).out)).toEqual({
    campaigns: ['black friday'],
    limit: 50,
  })

  // One write each: the day's two keys go to the first two.
  for (const campaign of ['one', 'two', 'three', 'black friday']) {
    await sendVisit(server, { kind: 'view', path: '/', utmCampaign: campaign }, { address: '192.0.2.9' })
    await server.app.analytics.flush()
  }
  expect(await countsOf(server, 'campaign_view')).toEqual({ one: 1, two: 1, '(other)': 1, 'black friday': 1 })

  expect(await cli.run('analytics', 'campaigns', 'remove', 'black friday')).toMatchObject({ code: 0 })
  expect((await cli.run('analytics', 'campaigns', 'remove', 'black friday')).code).toBe(1)
  expect((await cli.run('analytics', 'campaigns', 'list')).out).toContain('No campaigns of your own')
  const audited = await server.database.rows(
    sql`SELECT source, action, subject FROM audit_events WHERE subject LIKE 'analytics-campaigns/%' ORDER BY sequence`,
  )
  expect(audited.map((row) => [row.source, row.action, row.subject])).toEqual([
    ['cli', 'analytics campaigns add', 'analytics-campaigns/black friday'],
    ['cli', 'analytics campaigns remove', 'analytics-campaigns/black friday'],
  ])
})

it('refuses a name that is empty, too long or on several lines, as bad input (exit 2)', async () => {
  for (const name of ['', ' ', 'x'.repeat(101), 'a\nb']) {
    const refused = await cli.run('analytics', 'campaigns', 'add', name)
    expect(refused.code, JSON.stringify(name)).toBe(2)
    expect(refused.err).toMatch(/--campaign: /)
  }
  expect((await cli.run('analytics', 'campaigns', 'add', 'x'.repeat(100))).code).toBe(0)
})
