import { expect, test, type Page } from '@playwright/test'

/** The carousel turns every 2000 ms (seed-spec section 9); these tests watch it in real time. */
const counter = (page: Page) => page.getByTestId('carousel-counter')

async function slideNumber(page: Page): Promise<number> {
  const text = (await counter(page).textContent()) ?? ''
  return Number(/^(\d+) of 23$/.exec(text)?.[1])
}

/** The landing page, once its island runs: its controls answer from then on (the HTML comes first). */
async function openLanding(page: Page): Promise<void> {
  await page.goto('/landing-pack-apps')
  await expect(page.locator('html')).toHaveAttribute('data-interactive', 'true')
}

/** Waits for the carousel to move on from `from` and says how long that took. */
async function nextTurn(page: Page, from: number): Promise<number> {
  const start = Date.now()
  await expect.poll(() => slideNumber(page), { timeout: 3500, intervals: [50] }).not.toBe(from)
  return Date.now() - start
}

test('moves on by itself about every 2 seconds, in order', async ({ page }) => {
  await openLanding(page)
  await expect(counter(page)).toHaveText('1 of 23')
  await nextTurn(page, 1)
  expect(await slideNumber(page)).toBe(2)
  const interval = await nextTurn(page, 2)
  expect(await slideNumber(page)).toBe(3)
  expect(interval).toBeGreaterThan(1500)
  expect(interval).toBeLessThan(2700)
})

test('keeps turning after a click on the arrows and after a swipe', async ({ page }) => {
  await openLanding(page)
  await expect(counter(page)).toHaveText('1 of 23')
  await page.getByRole('button', { name: 'Next app' }).click()
  await expect(counter(page)).toHaveText('2 of 23')
  await nextTurn(page, 2)
  expect(await slideNumber(page)).toBe(3)

  const viewport = page.getByTestId('carousel-slides')
  const box = await viewport.boundingBox()
  if (!box) throw new Error('The carousel is not on screen')
  const y = box.y + 120
  const before = await slideNumber(page)
  await page.mouse.move(box.x + box.width * 0.8, y)
  await page.mouse.down()
  await page.mouse.move(box.x + box.width * 0.5, y, { steps: 8 })
  await page.mouse.move(box.x + box.width * 0.2, y, { steps: 8 })
  await page.mouse.up()
  await expect.poll(() => slideNumber(page)).not.toBe(before)
  const afterSwipe = await slideNumber(page)
  await nextTurn(page, afterSwipe)
})

test('loops from the 23rd app back to the first', async ({ page }) => {
  await openLanding(page)
  await page.getByRole('button', { name: /^Go to app 23:/ }).click()
  await expect(counter(page)).toHaveText('23 of 23')
  await nextTurn(page, 23)
  await expect(counter(page)).toHaveText('1 of 23')
})

test('the pause button stops it, the arrows still work, and play resumes it', async ({ page }) => {
  await openLanding(page)
  await page.getByRole('button', { name: 'Pause the carousel' }).click()
  const paused = await slideNumber(page)
  await page.waitForTimeout(2600)
  expect(await slideNumber(page)).toBe(paused)

  await page.getByRole('button', { name: 'Next app' }).click()
  await expect(counter(page)).toHaveText(`${paused + 1} of 23`)
  await page.waitForTimeout(2600)
  expect(await slideNumber(page)).toBe(paused + 1)

  await page.getByRole('button', { name: 'Resume the carousel' }).click()
  await nextTurn(page, paused + 1)
})

test('does not start by itself when the visitor prefers reduced motion', async ({ browser }) => {
  const context = await browser.newContext({ reducedMotion: 'reduce', locale: 'en-US' })
  const page = await context.newPage()
  await openLanding(page)
  await expect(page.getByRole('button', { name: 'Resume the carousel' })).toBeVisible()
  await page.waitForTimeout(2600)
  await expect(counter(page)).toHaveText('1 of 23')
  await context.close()
})
