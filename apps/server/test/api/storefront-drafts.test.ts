import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../src/app'
import { signInConsoleCallers } from '../support/console-callers'
import { createMember } from '../support/factories'
import { signIn } from '../support/inject'
import { ADMIN_LABEL } from '@pg/shared/account'
import { createUserRepository } from '../../src/members/account/user-repository'
import { STOREFRONT_URL, storefrontConsole, versionOne } from '../support/storefront-console'
import { startTestServer, testConfig, type TestServer } from '../support/test-app'

/**
 * Issue 41: the console's draft of the storefront. Two admins editing at once: the later save is told
 * the draft changed since it was opened and is shown it, and nothing is overwritten; a draft survives a
 * restart; publishing takes the draft's revision too.
 */
let server: TestServer
let ana: ReturnType<typeof storefrontConsole>
let bea: ReturnType<typeof storefrontConsole>
let anaEmail = ''
let beaEmail = ''
let beaCookie = ''

beforeAll(async () => {
  server = await startTestServer()
  const callers = await signInConsoleCallers(server)
  anaEmail = callers.admin.email
  ana = storefrontConsole(server, callers.adminCookie)
  const second = await createMember(server.database)
  await createUserRepository(server.database.db).setLabels(second.id, [ADMIN_LABEL])
  beaEmail = second.email
  beaCookie = (await signIn(server, second)).cookie
  bea = storefrontConsole(server, beaCookie)
})
afterAll(() => server.close())

interface Draft {
  revision: number
  baseVersion: number
  content: ReturnType<typeof versionOne>
  updatedAt: string
  updatedBy: string
}
interface Conflict {
  type: string
  code: number
  message: string
  current: Draft | null
}

const withTagline = (tagline: string) => {
  const content = versionOne()
  content.store.tagline.es = tagline
  return content
}

describe('the storefront’s draft', () => {
  it('starts at revision 1, based on the published version, and its revision is the ETag', async () => {
    const saved = await ana.save(withTagline('El primer borrador.'), 0)
    expect(saved.statusCode, saved.body).toBe(200)
    expect(saved.headers.etag).toBe('"1"')
    expect(saved.json<Draft>()).toMatchObject({ revision: 1, baseVersion: 1, updatedBy: anaEmail })
    const read = await bea.read()
    expect(read.headers.etag).toBe('"1"')
    expect(read.json<{ draft: Draft }>().draft.content.store.tagline.es).toBe('El primer borrador.')
  })

  it('refuses the later of two admins’ saves with 409 and the draft as it is, overwriting nothing', async () => {
    // Both opened revision 1; Ana saves first.
    expect((await ana.save(withTagline('Lo que guardó Ana.'), 1)).headers.etag).toBe('"2"')
    const late = await bea.save(withTagline('Lo que quería Bea.'), 1, { 'accept-language': 'es' })
    expect(late.statusCode).toBe(409)
    const body = late.json<Conflict>()
    expect(body).toMatchObject({ type: 'document_update_conflict', code: 409 })
    expect(body.message).toContain('revisión 2')
    expect(body.message).toContain(anaEmail)
    expect(body.current).toMatchObject({ revision: 2, baseVersion: 1, updatedBy: anaEmail })
    expect(body.current?.content.store.tagline.es).toBe('Lo que guardó Ana.')
    const read = (await ana.read()).json<{ draft: Draft }>()
    expect(read.draft.content.store.tagline.es).toBe('Lo que guardó Ana.')
    // A new draft over an existing one (If-Match "0") is refused the same way.
    expect((await bea.save(withTagline('Otro borrador.'), 0)).statusCode).toBe(409)
    // Seen what changed, Bea saves over revision 2.
    const retried = await bea.save(withTagline('Lo que quería Bea.'), 2)
    expect(retried.json<Draft>()).toMatchObject({ revision: 3, updatedBy: beaEmail })
  })

  it('refuses a save or a publish without If-Match, or with one that is no revision', async () => {
    const unconditional = await ana.inject('PUT', '/draft', { payload: { content: versionOne() } })
    expect(unconditional.statusCode).toBe(400)
    expect(unconditional.json<{ type: string; message: string }>().message).toContain('If-Match')
    for (const ifMatch of ['*', '"abc"', '"-1"', 'W/'])
      expect((await ana.save(versionOne(), 0, { 'if-match': ifMatch })).statusCode, ifMatch).toBe(400)
    expect((await ana.inject('POST', '/publish')).statusCode).toBe(400)
    expect((await ana.inject('PUT', '/draft', { headers: { 'if-match': '"3"' } })).statusCode).toBe(400)
  })

  it('survives a restart: a new server on the same database opens the same draft', async () => {
    const restarted = await buildApp(testConfig, server.database)
    try {
      // Sessions are in the database too: Bea's cookie opens the draft on the new server.
      const read = await restarted.inject({
        method: 'GET',
        url: STOREFRONT_URL,
        headers: { cookie: beaCookie },
      })
      expect(read.statusCode).toBe(200)
      expect(read.headers.etag).toBe('"3"')
      expect(read.json<{ draft: Draft }>().draft.content.store.tagline.es).toBe('Lo que quería Bea.')
    } finally {
      await restarted.close()
    }
  })

  it('publishes only the revision the admin saw: a stale one is 409 with the draft as it is', async () => {
    const stale = await ana.publish(2)
    expect(stale.statusCode).toBe(409)
    expect(stale.json<Conflict>().current?.revision).toBe(3)
    const published = await ana.publish(3)
    expect(published.statusCode, published.body).toBe(201)
    // The draft is gone: publishing it again, or saving over it, is told so, with no draft to show.
    const again = await bea.publish(3)
    expect(again.statusCode).toBe(409)
    expect(again.json<Conflict>().current).toBeNull()
    expect((await bea.save(versionOne(), 3)).json<Conflict>()).toMatchObject({ code: 409, current: null })
    // The state moved on with the publish: revision 4, no draft, nothing to publish.
    expect((await ana.read()).headers.etag).toBe('"4"')
    expect((await ana.publish(4)).json<{ type: string }>().type).toBe('document_not_found')
  })

  it('refuses a console that read the store before a publish, and never gives a new draft an old number', async () => {
    // Cleo opened the console with no draft (revision 4); Ana then drafts and publishes version 3.
    const cleoOpened = await ana.revision()
    const drafted = await ana.save(withTagline('Versión de Ana.'), cleoOpened)
    expect(drafted.json<Draft>().revision).toBe(cleoOpened + 1)
    expect((await ana.publish(cleoOpened + 1)).statusCode).toBe(201)
    // Cleo's edits start from the version before Ana's: saving them would undo it without a word.
    const stale = await bea.save(withTagline('Lo de Cleo.'), cleoOpened)
    expect(stale.json<Conflict>()).toMatchObject({ code: 409, current: null })
    // Ana's next draft takes a number no page read before.
    const next = await ana.save(withTagline('Otra vez.'), await ana.revision())
    expect(next.json<Draft>().revision).toBe(cleoOpened + 3)
    expect((await bea.save(withTagline('Lo de Cleo.'), cleoOpened + 1)).statusCode).toBe(409)
    expect((await ana.discard()).statusCode).toBe(204)
  })

  it('discards the draft, only the revision named when If-Match is sent', async () => {
    const opened = await ana.revision()
    const saved = await ana.save(withTagline('Para tirar.'), opened)
    expect(saved.json<Draft>()).toMatchObject({ revision: opened + 1, baseVersion: 3 })
    expect((await bea.discard({ 'if-match': `"${opened}"` })).statusCode).toBe(409)
    expect((await bea.discard({ 'if-match': `"${opened + 1}"` })).statusCode).toBe(204)
    expect((await ana.read()).json<{ draft: null }>().draft).toBeNull()
    // Nothing to discard is no error.
    expect((await ana.discard()).statusCode).toBe(204)
  })
})
