import { afterAll, beforeAll, expect, it } from 'vitest'
import type { DatabaseHandle } from '../../src/platform/db/client'
import { createMember } from '../support/factories'
import { publishStore } from '../support/published-store'
import { createTestDatabase } from '../support/test-database'
import { createAdminCli } from './admin-cli'

/** Issue 41: the emails the admin CLI sends on its own name the store as the owner published it. */
let database: DatabaseHandle
let cli: ReturnType<typeof createAdminCli>

beforeAll(async () => {
  database = await createTestDatabase()
  cli = createAdminCli(database)
})
afterAll(() => database.close())

it('an invitation and a granted order’s welcome name the published store and its address', async () => {
  await publishStore(database, {
    name: { es: 'Tienda Nube', en: 'Cloud Store' },
    supportEmail: 'ayuda@tienda.example',
  })
  const member = await createMember(database)
  expect((await cli.run('users', 'invite', member.email, '--lang', 'en')).code).toBe(0)
  const invitation = await cli.mailbox.next()
  expect(invitation.subject).toBe('Your access to Cloud Store')
  expect(invitation.text).toContain('You now have a Cloud Store account.')
  expect(invitation.text).toContain('— Cloud Store')

  expect((await cli.run('orders', 'grant', 'nube@example.com', '--lang', 'es')).code).toBe(0)
  const welcome = await cli.mailbox.next()
  expect(welcome).toMatchObject({
    to: 'nube@example.com',
    subject: 'Gracias por tu compra: tu acceso a Tienda Nube',
  })
  expect(welcome.text).toContain('¿Necesitas ayuda? Escríbenos a ayuda@tienda.example.')
  expect(welcome.text).toContain('— Tienda Nube')
  expect(`${invitation.text}${welcome.text}${welcome.html ?? ''}`).not.toMatch(
    /Projects Gallery|soporte@localhost/,
  )
})
