import { randomBytes } from 'node:crypto'
import type { Page } from '@playwright/test'
import { nextMessageTo } from '../smtp-outbox'
import { OWNER } from '../store-settings'
import { chooseLanguage, expect, runAdminCli, signIn, signInThroughApi, test } from './fixtures'
import { axeViolations } from './accessibility'

const newEmail = (name: string) => `e2e-${name}-${randomBytes(4).toString('hex')}@example.com`

const row = (page: Page, email: string) => page.getByRole('table').getByRole('row').filter({ hasText: email })

/** The members page searched for one email: the address keeps the search. */
async function findMember(page: Page, email: string) {
  await page.getByLabel('Search by name or email').fill(email)
  await page.getByRole('button', { name: 'Search', exact: true }).click()
  await expect(page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(email).replace(/\./g, '\\.')}`))
  await expect(row(page, email)).toHaveCount(1)
}

async function openMember(page: Page, email: string) {
  await findMember(page, email)
  await page.getByRole('button', { name: `Manage ${email}` }).click()
  const panel = page.getByRole('dialog', { name: email })
  await expect(panel).toBeVisible()
  return panel
}

const buyersFile = (content: string) => ({
  name: 'compradores.csv',
  mimeType: 'text/csv',
  buffer: Buffer.from(content, 'utf8'),
})

test.describe('the console’s members', () => {
  test('an admin disables a member who is signed in elsewhere: their next visit lands on the sign-in page', async ({
    page,
    admin,
    member,
    browser,
  }) => {
    const elsewhere = await browser.newContext()
    const memberPage = await elsewhere.newPage()
    await signIn(memberPage, member)

    await signIn(page, admin, '/admin/members')
    await expect(page.getByRole('heading', { level: 2, name: 'Members' })).toBeVisible()
    await findMember(page, member.email)
    // Sessions, then orders: the member is signed in once and bought nothing.
    const sessionsCell = row(page, member.email).getByRole('cell').nth(3)
    await expect(sessionsCell).toHaveText('1')
    await expect(row(page, member.email).getByRole('cell').nth(4)).toHaveText('0')
    const panel = await openMember(page, member.email)
    await panel.getByRole('button', { name: 'Disable' }).click()
    const confirm = page.getByRole('dialog', { name: `Disable ${member.email}?` })
    await confirm.getByRole('button', { name: 'Disable' }).click()
    await expect(
      page.getByRole('status').getByText(`${member.email} is disabled and signed out.`),
    ).toBeVisible()
    await expect(panel.getByRole('button', { name: 'Enable' })).toBeVisible()
    await panel.getByRole('button', { name: 'Close' }).click()
    await expect(row(page, member.email)).toContainText('Disabled')
    await expect(sessionsCell).toHaveText('0')

    await memberPage.goto('/search')
    await expect(memberPage).toHaveURL(/\/login/)
    await elsewhere.close()

    // The status filter finds them among the disabled, and the address keeps it across a reload.
    await page.getByLabel('Status').selectOption({ label: 'Disabled' })
    await expect(page).toHaveURL(/[?&]status=disabled/)
    await page.reload()
    await expect(row(page, member.email)).toContainText('Disabled')
    await expect(page.getByLabel('Status')).toHaveValue('disabled')
  })

  test('an admin cannot disable themselves: the server’s refusal is shown', async ({ page, admin }) => {
    await signIn(page, admin, '/admin/members')
    const panel = await openMember(page, admin.email)
    await panel.getByRole('button', { name: 'Disable' }).click()
    await page
      .getByRole('dialog', { name: `Disable ${admin.email}?` })
      .getByRole('button', { name: 'Disable' })
      .click()
    await expect(
      page.getByRole('alert').getByText('You cannot disable yourself from the console'),
    ).toBeVisible()
    await expect(panel.getByRole('button', { name: 'Disable' })).toBeVisible()
  })

  test('the store’s owner wears a badge, and no admin is offered what would take the store from them', async ({
    page,
    admin,
  }) => {
    test.slow()
    // OWNER_EMAIL names the owner (decision 058); as an admin too, they could be taken for any other.
    await runAdminCli(['users', 'label', 'add', OWNER.email, 'admin'])
    await signIn(page, admin)
    await page.goto('/admin/members')
    await findMember(page, OWNER.email)
    await expect(row(page, OWNER.email)).toContainText('Owner')
    const panel = await openMember(page, OWNER.email)
    await expect(panel.getByText('Owner', { exact: true })).toBeVisible()
    await expect(panel.getByText("This is the store's owner (OWNER_EMAIL names them).")).toBeVisible()
    for (const action of ['Disable', 'Remove admin', 'Delete member'])
      await expect(panel.getByRole('button', { name: action })).toHaveCount(0)
    await expect(panel.getByRole('button', { name: 'Sign out everywhere' })).toBeVisible()

    // Asked through the API all the same, the server refuses, in the language asked for.
    const { owner } = (await (await page.request.get('/v1/store/owner')).json()) as {
      owner: { userId: string; source: string }
    }
    expect(owner.source).toBe('configured')
    for (const [locale, words] of [
      ['es', `${OWNER.email} es el propietario de la tienda (lo indica OWNER_EMAIL)`],
      ['en', `${OWNER.email} is the store's owner (OWNER_EMAIL names them)`],
    ] as const) {
      const refused = await page.request.put(`/v1/users/${owner.userId}/labels`, {
        data: { labels: [] },
        headers: { 'x-appwrite-locale': locale },
      })
      expect(refused.status()).toBe(403)
      expect(((await refused.json()) as { message: string }).message).toContain(words)
    }
    // Nothing changed: the owner still runs the store.
    await page.reload()
    await expect(page.getByRole('dialog', { name: OWNER.email }).getByText('Runs the store')).toBeVisible()
  })

  test('an admin creates a member with an invitation, makes them admin, then deletes them with their email typed', async ({
    page,
    admin,
  }) => {
    const email = newEmail('invited')
    await signIn(page, admin, '/admin/members')

    await page.getByRole('button', { name: 'New member' }).click()
    const form = page.getByRole('dialog', { name: 'New member' })
    await form.getByLabel('Email').fill('not an email')
    await form.getByRole('button', { name: 'Create and invite' }).click()
    await expect(form.getByText('Enter a valid email')).toBeVisible()
    await expect(form.getByLabel('Email')).toBeFocused()
    await form.getByLabel('Email').fill(email)
    await form.getByLabel('Name', { exact: true }).fill('Invitada Nueva')
    await form.getByLabel('Invitation language').selectOption('es')
    await form.getByRole('button', { name: 'Create and invite' }).click()
    await expect(
      page.getByRole('status').getByText(`You created ${email} and sent their invitation.`),
    ).toBeVisible()
    const invitation = await nextMessageTo(email)
    expect(invitation).toContain('/reset-password')

    // The new member's page opens; the admin label is given after a confirmation.
    const panel = page.getByRole('dialog', { name: email })
    await expect(panel).toBeVisible()
    await expect(page).toHaveURL(/[?&]member=/)
    await expect(panel.getByText('Invitada Nueva')).toBeVisible()
    await panel.getByRole('button', { name: 'Make admin' }).click()
    await page
      .getByRole('dialog', { name: `Make ${email} an admin?` })
      .getByRole('button', { name: 'Make admin' })
      .click()
    await expect(page.getByRole('status').getByText(`${email} now runs the store.`)).toBeVisible()
    await expect(panel.getByText('Runs the store')).toBeVisible()

    // Deleting asks for the email typed out.
    await panel.getByRole('button', { name: 'Delete member' }).click()
    const confirm = page.getByRole('dialog', { name: `Delete ${email}?` })
    const typed = confirm.getByLabel(`Type ${email} to confirm`)
    await typed.fill('someone-else@example.com')
    // The button stays unavailable until the email matches; Enter says what is missing.
    await expect(confirm.getByRole('button', { name: 'Delete for good' })).toHaveAttribute(
      'aria-disabled',
      'true',
    )
    await typed.press('Enter')
    await expect(confirm.getByText(`Type exactly ${email}.`)).toBeVisible()
    await typed.fill(email)
    await confirm.getByRole('button', { name: 'Delete for good' }).click()
    await expect(page.getByRole('status').getByText(`${email} was deleted.`)).toBeVisible()
    await expect(page.getByRole('dialog')).toHaveCount(0)
    await expect(page).not.toHaveURL(/[?&]member=/)
    await findMemberGone(page, email)
  })

  test('bulk invite: the preview lists problems by row; a good file shows who is new and applies once', async ({
    page,
    admin,
    member,
  }) => {
    const [first, second] = [newEmail('bulk-a'), newEmail('bulk-b')]
    await signIn(page, admin, '/admin/members')
    await page.getByRole('button', { name: 'Invite from CSV' }).click()
    const dialog = page.getByRole('dialog', { name: 'Invite members from a CSV' })

    await dialog
      .getByLabel('CSV file')
      .setInputFiles(buyersFile(`email,name\n${first},Ana\nnot-an-email,X\n`))
    await expect(dialog.getByRole('alert')).toContainText('Row 3: “not-an-email” is not a valid email.')
    await expect(dialog.getByRole('button', { name: /^Invite \d+ member/ })).toHaveCount(0)

    await dialog
      .getByLabel('CSV file')
      .setInputFiles(
        buyersFile(
          `email,name\n${first},Ana Bulk\n"${second}","Bruno, del curso"\n${member.email},Ya está\n`,
        ),
      )
    await expect(dialog.getByRole('heading', { name: 'Preview of compradores.csv' })).toBeVisible()
    await expect(dialog.getByRole('region', { name: '2 new members will get an invitation' })).toContainText(
      first,
    )
    await expect(
      dialog.getByRole('region', { name: '1 is already a member and is left as they are' }),
    ).toContainText(member.email)
    await findNobody(page, first)

    await dialog.getByRole('button', { name: 'Invite 2 members' }).click()
    await expect(
      page.getByRole('status').getByText('2 members created and invited from compradores.csv.'),
    ).toBeVisible()
    await expect(dialog.getByRole('heading', { name: 'Result of compradores.csv' })).toBeVisible()
    await expect(dialog.getByRole('button', { name: /^Invite \d+ member/ })).toHaveCount(0)
    expect(await nextMessageTo(second)).toContain('/reset-password')
    await dialog.getByRole('button', { name: 'Close' }).click()
    await findMember(page, first)
    await expect(row(page, first)).toContainText('Ana Bulk')
  })

  test('bulk invite: a file with more problems than are listed says how many, the first 100 shown', async ({
    page,
    admin,
  }) => {
    await signIn(page, admin)
    await page.goto('/admin/members')
    await page.getByRole('button', { name: 'Invite from CSV' }).click()
    const dialog = page.getByRole('dialog', { name: 'Invite members from a CSV' })
    const rows = Array.from({ length: 120 }, (_, index) => `no-es-correo-${index},X`).join('\n')
    await dialog.getByLabel('CSV file').setInputFiles(buyersFile(`email,name\n${rows}\n`))
    const alert = dialog.getByRole('alert')
    await expect(alert).toContainText('120 problems')
    await expect(alert).toContainText('The first 100 are shown.')
    await expect(alert.getByRole('listitem')).toHaveCount(100)
    expect(await axeViolations(page)).toEqual([])
  })
})

/** Nobody with this email is listed (asked through the API, so the page's state is not changed). */
async function findNobody(page: Page, email: string) {
  const response = await page.request.get(`/v1/users?search=${encodeURIComponent(email)}`)
  expect(response.status()).toBe(200)
  expect(((await response.json()) as { total: number }).total).toBe(0)
}

async function findMemberGone(page: Page, email: string) {
  await page.getByLabel('Search by name or email').fill(email)
  await page.getByRole('button', { name: 'Search', exact: true }).click()
  await expect(page.getByText('No member matches the search.')).toBeVisible()
}

for (const language of ['en', 'es'] as const) {
  test(`WCAG 2.2 AA: the members table, a member's page and a bulk invite preview (${language})`, async ({
    page,
    admin,
    member,
  }) => {
    test.slow()
    await signInThroughApi(page, admin)
    await chooseLanguage(page, language)
    await page.goto(`/admin/members?q=${encodeURIComponent(member.email)}`)
    await expect(
      page.getByRole('heading', { level: 2, name: language === 'en' ? 'Members' : 'Miembros' }),
    ).toBeVisible()
    await expect(page.getByRole('table')).toBeVisible()
    // Counts shown: the activity is in.
    await expect(
      page.getByRole('table').getByText(language === 'en' ? 'Counting…' : 'Contando…'),
    ).toHaveCount(0)
    expect(await axeViolations(page)).toEqual([])

    await page
      .getByRole('button', {
        name: language === 'en' ? `Manage ${member.email}` : `Gestionar a ${member.email}`,
      })
      .click()
    await expect(page.getByRole('dialog', { name: member.email })).toBeVisible()
    expect(await axeViolations(page)).toEqual([])
    await page.keyboard.press('Escape')
    await expect(page.getByRole('dialog')).toHaveCount(0)

    await page
      .getByRole('button', { name: language === 'en' ? 'Invite from CSV' : 'Invitar desde CSV' })
      .click()
    const dialog = page.getByRole('dialog')
    await dialog
      .getByLabel(language === 'en' ? 'CSV file' : 'Archivo CSV')
      .setInputFiles(
        buyersFile(`email,name\n${newEmail('axe')},Axe\n${member.email},Ya está\nnot-an-email,X\n`),
      )
    await expect(dialog.getByRole('alert')).toBeVisible()
    expect(await axeViolations(page)).toEqual([])
    await dialog
      .getByLabel(language === 'en' ? 'CSV file' : 'Archivo CSV')
      .setInputFiles(buyersFile(`email,name\n${newEmail('axe')},Axe\n${member.email},Ya está\n`))
    await expect(
      dialog.getByRole('button', { name: language === 'en' ? 'Invite 1 member' : 'Invitar a 1 miembro' }),
    ).toBeVisible()
    expect(await axeViolations(page)).toEqual([])
  })
}
