import type { Locator, Page } from '@playwright/test'
import { nextMessageTo } from '../smtp-outbox'
import { expect, signInThroughApi, test } from './fixtures'

/**
 * Each of the store's flows from the keyboard alone (WCAG 2.1.1, 2.4.3, 2.5.7): every step is a key
 * press, never a click or a filled field, and where the focus goes next is checked on the way.
 */

/** Presses `key` until `target` has the focus, as a keyboard user moves on to it. */
async function moveFocusTo(page: Page, target: Locator, key: 'Tab' | 'Shift+Tab' = 'Tab', limit = 80) {
  // Found once: finding an element by its role and name at every press takes longer than the press. Found
  // again when the page replaced it: after a link to another page the page before can still be drawn
  // while the next one loads (the sign-in form's "Email address" before the recovery form's).
  let element = await target.elementHandle()
  for (let presses = 0; presses < limit; presses++) {
    const focused = await page.evaluate(
      (goal) => (goal.isConnected ? goal === document.activeElement : undefined),
      element,
    )
    if (focused === undefined) element = await target.elementHandle()
    else if (focused) return
    else await page.keyboard.press(key)
  }
  await expect(target).toBeFocused()
}

/** From the page's start: the skip link first, then past the navigation to the page's content. */
async function skipToContent(page: Page) {
  await page.keyboard.press('Tab')
  await expect(page.locator('a[href="#main"]')).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page.locator('main')).toBeFocused()
}

const resetLinkIn = (message: string) => {
  const link = /^(http:\/\/[^\s]+\/reset-password\?[^\s]+)\r?$/m.exec(message)?.[1]
  if (!link) throw new Error(`No reset link in:\n${message}`)
  return link
}

test('a member signs in and signs out from the keyboard', async ({ page, member }) => {
  await page.goto('/login')
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true')
  await skipToContent(page)
  await page.keyboard.press('Tab')
  await expect(page.getByLabel('Email address')).toBeFocused()
  await page.keyboard.type(member.email)
  await page.keyboard.press('Tab')
  await expect(page.getByLabel('Password')).toBeFocused()
  await page.keyboard.type(member.password)
  await page.keyboard.press('Tab')
  await expect(page.getByRole('link', { name: 'Forgot your password?' })).toBeFocused()
  await page.keyboard.press('Tab')
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/home$/)

  const logout = page.getByRole('main').getByRole('button', { name: 'Logout' })
  await moveFocusTo(page, logout)
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/$/)
  await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible()
})

test('a member changes the language, searches, filters, opens the details and marks a favourite from the keyboard', async ({
  page,
  member,
}) => {
  await signInThroughApi(page, member)
  await page.goto('/search')
  const cards = page.getByRole('article')
  await expect(cards).toHaveCount(20)

  // The header: skip link, logo, the four pages, then the language, which changes in place and keeps
  // the focus (both ways).
  const header = page.getByRole('banner')
  for (const name of [
    'Skip to main content',
    'Projects Gallery',
    'Products',
    'Home',
    'Search',
    'My account',
  ]) {
    await page.keyboard.press('Tab')
    await expect(page.getByRole('link', { name, exact: true }).first()).toBeFocused()
  }
  await page.keyboard.press('Tab')
  await expect(header.getByRole('button', { name: 'Switch to Español' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page.locator('html')).toHaveAttribute('lang', 'es')
  await expect(page.getByRole('searchbox', { name: 'Buscar proyectos' })).toBeVisible()
  await expect(header.getByRole('button', { name: 'Cambiar a English' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page.locator('html')).toHaveAttribute('lang', 'en')
  await expect(header.getByRole('button', { name: 'Switch to Español' })).toBeFocused()

  // Then the page: its own actions, the search box, the category, the order and the tags.
  await moveFocusTo(page, page.getByRole('main').getByRole('link', { name: 'Favorites' }))
  await page.keyboard.press('Tab')
  await expect(page.getByRole('main').getByRole('button', { name: 'Logout' })).toBeFocused()
  await page.keyboard.press('Tab')
  const search = page.getByRole('searchbox', { name: 'Search projects' })
  await expect(search).toBeFocused()
  await page.keyboard.type('asistente')
  await expect(page).toHaveURL(/q=asistente/)

  await page.keyboard.press('Tab')
  await expect(page.getByRole('combobox', { name: 'Category' })).toBeFocused()
  await page.keyboard.press('ArrowDown')
  await expect(page).toHaveURL(/category=/)
  await expect(search).toHaveValue('')
  await page.keyboard.press('Tab')
  await expect(page.getByRole('combobox', { name: 'Sort by' })).toBeFocused()
  await page.keyboard.press('End')
  await expect(page).toHaveURL(/sort=az/)
  await page.keyboard.press('Tab')
  const firstTag = page.getByRole('group', { name: 'Popular tags' }).getByRole('button').first()
  await expect(firstTag).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(firstTag).toHaveAttribute('aria-pressed', 'true')
  await expect(page).toHaveURL(/tag=/)
  await expect(page).not.toHaveURL(/category=/)

  // The first card: its details, a favourite there, and back to the card.
  const card = cards.first()
  await expect(card).toBeVisible()
  const open = card.getByRole('button', { name: /^Open details of / })
  await moveFocusTo(page, open)
  await page.keyboard.press('Enter')
  const details = page.getByRole('dialog')
  await expect(details).toBeVisible()
  await expect(details.locator(':focus')).toHaveCount(1)
  const heartInDetails = details.getByRole('button', { name: /^Favorite: / })
  await moveFocusTo(page, heartInDetails)
  await page.keyboard.press('Space')
  await expect(heartInDetails).toHaveAttribute('aria-pressed', 'true')
  await page.keyboard.press('Escape')
  await expect(details).toHaveCount(0)
  await expect(open).toBeFocused()
  // After the card's title, "Save to collection" (issue 32), then the heart.
  await page.keyboard.press('Tab')
  await expect(card.getByRole('button', { name: /^Save to collection: / })).toBeFocused()
  await page.keyboard.press('Tab')
  const heart = card.getByRole('button', { name: /^Favorite: / })
  await expect(heart).toBeFocused()
  await expect(heart).toHaveAttribute('aria-pressed', 'true')
  await page.keyboard.press('Space')
  await expect(heart).toHaveAttribute('aria-pressed', 'false')
  await page.keyboard.press('Space')
  await expect(heart).toHaveAttribute('aria-pressed', 'true')
})

test('a member signs in with an emailed code from the keyboard (issue 31)', async ({ page, member }) => {
  await page.goto('/login')
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true')
  await moveFocusTo(page, page.getByRole('button', { name: 'Get a link to sign in' }))
  await page.keyboard.press('Enter')
  // The email field of the way just chosen has the focus.
  await expect(page.getByLabel('Email address')).toBeFocused()
  await page.keyboard.type(member.email)
  await page.keyboard.press('Enter')
  const sent = page.getByText(`If ${member.email} belongs to an account, we have sent it a link`)
  await expect(sent.locator('xpath=ancestor::*[@aria-live="polite"]')).toBeFocused()
  const code = /: (\d{6})\r?$/m.exec(await nextMessageTo(member.email))?.[1] ?? ''
  await page.keyboard.press('Tab')
  await expect(page.getByLabel('6-digit code')).toBeFocused()
  await page.keyboard.type(code)
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/home$/)
})

test('a member recovers the password from the keyboard: asks for the link, reads the email, sets a new one', async ({
  page,
  member,
}) => {
  await page.goto('/login')
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true')
  await moveFocusTo(page, page.getByRole('link', { name: 'Forgot your password?' }))
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/forgot-password$/)
  const email = page.getByLabel('Email address')
  await moveFocusTo(page, email)
  await page.keyboard.type(member.email)
  await page.keyboard.press('Tab')
  await expect(page.getByRole('button', { name: 'Send the link' })).toBeFocused()
  await page.keyboard.press('Enter')
  const sent = page.getByText(`If ${member.email} belongs to an account, we have sent it a link`)
  await expect(sent.locator('xpath=ancestor::*[@aria-live="polite"]')).toBeFocused()

  await page.goto(resetLinkIn(await nextMessageTo(member.email)))
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true')
  await skipToContent(page)
  await page.keyboard.press('Tab')
  await expect(page.getByLabel('New password', { exact: true })).toBeFocused()
  await page.keyboard.type('una frase nueva y larga')
  await page.keyboard.press('Tab')
  await expect(page.getByLabel('Repeat the new password')).toBeFocused()
  await page.keyboard.type('una frase nueva y larga')
  await page.keyboard.press('Tab')
  await expect(page.getByRole('button', { name: 'Save the password' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page.getByText('Your password has been changed.')).toBeVisible()
  await page.keyboard.press('Tab')
  await expect(page.getByRole('main').getByRole('link', { name: 'Sign in' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/login$/)

  await moveFocusTo(page, page.getByLabel('Email address'))
  await page.keyboard.type(member.email)
  await page.keyboard.press('Tab')
  await page.keyboard.type('una frase nueva y larga')
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/home$/)
})

test('a visitor uses the phone menu, changes the language and moves the landing page’s carousel from the keyboard', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto('/landing-pack-apps')
  await expect(page.locator('html')).toHaveAttribute('data-interactive', 'true')
  await expect(page.locator('html')).toHaveAttribute('lang', 'en')
  // Skip link, the logo, then the menu: its links and buttons, and out of it, which closes it so that
  // the tall open menu does not cover what gets the focus next (WCAG 2.4.11).
  await page.keyboard.press('Tab')
  await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeFocused()
  await page.keyboard.press('Tab')
  await expect(page.getByRole('link', { name: 'Projects Gallery', exact: true })).toBeFocused()
  await page.keyboard.press('Tab')
  const toggle = page.locator('[data-menu-toggle]')
  await expect(toggle).toBeFocused()
  await expect(toggle).toHaveAccessibleName('Open menu')
  await page.keyboard.press('Enter')
  const menu = page.locator(`[id="${await toggle.getAttribute('aria-controls')}"]`)
  await expect(menu).toBeVisible()
  for (const control of [
    menu.getByRole('link', { name: 'Products' }),
    menu.getByRole('button', { name: 'Switch to Español' }),
    menu.getByRole('link', { name: /TikTok/ }),
    menu.getByRole('link', { name: /Instagram/ }),
    menu.getByRole('link', { name: 'Login' }),
  ]) {
    await page.keyboard.press('Tab')
    await expect(control).toBeFocused()
  }
  await page.keyboard.press('Tab')
  await expect(menu).toBeHidden()
  await expect(page.getByRole('main').locator(':focus')).toBeInViewport()

  await page.keyboard.press('Shift+Tab')
  await expect(toggle).toBeFocused()
  await page.keyboard.press('Enter')
  await page.keyboard.press('Tab')
  await page.keyboard.press('Tab')
  await expect(menu.getByRole('button', { name: 'Switch to Español' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page.locator('html')).toHaveAttribute('lang', 'es')
  await expect(page.locator('html')).toHaveAttribute('data-interactive', 'true')
  await page.setViewportSize({ width: 1280, height: 800 })

  // The carousel: pause it, then each arrow and a dot moves it (no swipe needed).
  const counter = page.getByTestId('carousel-counter')
  const pause = page.getByRole('button', { name: 'Pausar el carrusel' })
  await moveFocusTo(page, pause)
  await page.keyboard.press('Enter')
  await expect(page.getByRole('button', { name: 'Reanudar el carrusel' })).toBeFocused()
  const paused = await counter.textContent()
  await page.keyboard.press('Shift+Tab')
  await expect(page.getByRole('button', { name: 'App siguiente' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(counter).not.toHaveText(paused ?? '')
  await page.keyboard.press('Shift+Tab')
  await page.keyboard.press('Space')
  await expect(counter).toHaveText(paused ?? '')
  for (let presses = 0; presses < 7; presses++) await page.keyboard.press('Tab')
  await expect(page.getByRole('button', { name: /^Ir a la app 5/ })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(counter).toHaveText('5 de 23')
})
