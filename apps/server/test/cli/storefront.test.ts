import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { defaultStorefrontContent } from '@pg/shared/storefront/default-content'
import type { DatabaseHandle } from '../../src/platform/db/client'
import { createTestDatabase } from '../support/test-database'
import { createAdminCli } from './admin-cli'

/**
 * Issue 41: `storefront export` and `storefront import` move the published storefront as JSON, to back
 * it up, edit it in an editor or copy it to another store. An import is checked as the console checks a
 * draft: all or nothing, each problem named, and audited as the new version it publishes.
 */
let database: DatabaseHandle
let cli: ReturnType<typeof createAdminCli>

beforeAll(async () => {
  database = await createTestDatabase()
  cli = createAdminCli(database)
})
afterAll(() => database.close())

const versions = () =>
  database.rows(sql`SELECT number, source, actor_source, changed FROM storefront_versions ORDER BY number`)

it('exports version 1 on a store where nothing was published, writing it first', async () => {
  const exported = await cli.run('storefront', 'export', '-o', 'storefront.json')
  expect(exported).toEqual({ code: 0, out: '', err: 'Wrote storefront.json\n' })
  expect(JSON.parse(cli.files.get('storefront.json') ?? '')).toEqual(defaultStorefrontContent())
  expect(await versions()).toEqual([{ number: 1, source: 'default', actor_source: null, changed: [] }])
})

it('imports an edited export as the next version, audited, and exports it back unchanged', async () => {
  const edited = defaultStorefrontContent()
  edited.landing.offer.price = { amount: '29', currency: 'EUR' }
  edited.store.name.en = 'The Gallery'
  cli.files.set('edited.json', JSON.stringify(edited))
  const dry = await cli.run('storefront', 'import', 'edited.json', '--dry-run')
  expect(dry).toEqual({
    code: 0,
    out: 'edited.json: a valid storefront. Dry run: nothing was changed.\n',
    err: '',
  })
  expect(await versions()).toHaveLength(1)

  const imported = await cli.run('storefront', 'import', 'edited.json')
  expect(imported.code, imported.err).toBe(0)
  expect(imported.out).toBe(
    'edited.json: published as version 2 (changed: store.name.en, landing.offer.price.amount, landing.offer.price.currency).\n',
  )
  expect((await versions())[1]).toEqual({
    number: 2,
    source: 'import',
    actor_source: 'cli',
    changed: ['store.name.en', 'landing.offer.price.amount', 'landing.offer.price.currency'],
  })
  const audit = await database.rows(sql`SELECT source, actor, action, subject, after FROM audit_events`)
  expect(audit).toEqual([
    {
      source: 'cli',
      actor: 'cli',
      action: 'storefront.import',
      subject: 'storefront/versions/2',
      after: {
        version: 2,
        changed: ['store.name.en', 'landing.offer.price.amount', 'landing.offer.price.currency'],
      },
    },
  ])

  expect((await cli.run('storefront', 'export', '-o', 'again.json')).code).toBe(0)
  expect(JSON.parse(cli.files.get('again.json') ?? '')).toEqual(edited)
  // The same file again is a version of its own, which changed nothing.
  expect((await cli.run('storefront', 'import', 'again.json')).out).toBe(
    'again.json: published as version 3 (nothing changed).\n',
  )
})

it('refuses a file with problems, naming each, and changes nothing (exit 1)', async () => {
  const bad = defaultStorefrontContent()
  bad.landing.offer.price.amount = '29.999'
  bad.landing.carousel.apps[0] = { source: 'project', projectId: 'not-in-the-catalogue' }
  cli.files.set('bad.json', JSON.stringify({ ...bad, colours: {} }))
  for (const dryRun of [[], ['--dry-run']]) {
    const refused = await cli.run('storefront', 'import', 'bad.json', ...dryRun)
    expect(refused.code).toBe(1)
    expect(refused.out).toBe('')
    expect(refused.err).toBe(
      'bad.json: 3 problems; nothing was changed:\n' +
        '  landing.offer.price.amount: must be an amount greater than 0 with at most 2 decimals, such as 29 or 29.90\n' +
        '  (the whole content): unknown attribute "colours"\n' +
        '  landing.carousel.apps[0].projectId: the catalogue has no project "not-in-the-catalogue"\n',
    )
  }
  cli.files.set('broken.json', '{"store": ')
  const broken = await cli.run('storefront', 'import', 'broken.json')
  expect(broken.code).toBe(1)
  expect(broken.err).toMatch(/^broken\.json: not valid JSON \(.+\); nothing was changed\.\n$/)
  const missing = await cli.run('storefront', 'import', 'nowhere.json')
  expect(missing.code).toBe(1)
  expect(await versions()).toHaveLength(3)
})
