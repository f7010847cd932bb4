import { expect, test, type Page } from '@playwright/test'

/**
 * The carousel turns every 2000 ms (seed-spec section 9). The page's clock is Playwright's: the tests
 * stop it once the island runs and move it on themselves, so a turn is seen at exactly 2 s, not
 * waited for in real time.
 */
const counter = (page: Page) => page.getByTestId('carousel-counter')

async function slideNumber(page: Page): Promise<number> {
  const text = (await counter(page).textContent()) ?? ''
  return Number(/^(\d+) of 23$/.exec(text)?.[1])
}

/**
 * The landing page once its island runs (its controls answer from then on: the HTML comes first), with
 * the page's clock stopped: from here time moves only when a test moves it.
 */
async function openLanding(page: Page): Promise<void> {
  await page.clock.install()
  await page.goto('/landing-pack-apps')
  await expect(page.locator('html')).toHaveAttribute('data-interactive', 'true')
  await stopClock(page)
}

/**
 * Stops the page's clock a moment after its own now (it runs as a real one until then, from its own
 * start, not this process's clock).
 */
async function stopClock(page: Page): Promise<void> {
  const now = await page.evaluate(() => Date.now())
  await page.clock.pauseAt(now + 500)
}

/**
 * Moves the page's clock on until the carousel leaves slide `from` (it shows the new slide as soon as
 * it turns) and says how much time that took: first `before` ms at once (it must not turn meanwhile),
 * then `step` ms at a time; fails after 2.5 s.
 */
async function untilTurn(page: Page, from: number, { before = 0, step = 250 } = {}): Promise<number> {
  if (before > 0) {
    await page.clock.runFor(before)
    expect(await slideNumber(page), `still on slide ${from} after ${before} ms`).toBe(from)
  }
  for (let elapsed = before + step; elapsed <= 2500; elapsed += step) {
    await page.clock.runFor(step)
    if ((await slideNumber(page)) !== from) return elapsed
  }
  throw new Error(`The carousel stayed on slide ${from} for 2.5 s`)
}

/** Lets `ms` of the page's time go by, every timer and animation frame in it run. */
const timePasses = (page: Page, ms: number) => page.clock.runFor(ms)

test('moves on by itself every 2 seconds, in order', async ({ page }) => {
  await openLanding(page)
  await expect(counter(page)).toHaveText('1 of 23')
  await untilTurn(page, 1)
  expect(await slideNumber(page)).toBe(2)
  // Seen within 50 ms of the second turn, then the third comes 2000 ms after it.
  await untilTurn(page, 2, { before: 1700, step: 50 })
  expect(await slideNumber(page)).toBe(3)
  const interval = await untilTurn(page, 3, { before: 1900, step: 50 })
  expect(await slideNumber(page)).toBe(4)
  expect(interval).toBeGreaterThanOrEqual(1950)
  expect(interval).toBeLessThanOrEqual(2050)
})

test('keeps turning after a click on the arrows and after a swipe', async ({ page }) => {
  await openLanding(page)
  await expect(counter(page)).toHaveText('1 of 23')
  await page.getByRole('button', { name: 'Next app' }).click()
  await expect(counter(page)).toHaveText('2 of 23')
  await untilTurn(page, 2)
  expect(await slideNumber(page)).toBe(3)

  // A swipe is pointer events over time: the clock runs as a real one while the finger moves.
  await page.clock.resume()
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
  await stopClock(page)
  const afterSwipe = await slideNumber(page)
  await untilTurn(page, afterSwipe)
})

test('loops from the 23rd app back to the first', async ({ page }) => {
  await openLanding(page)
  await page.getByRole('button', { name: /^Go to app 23:/ }).click()
  await expect(counter(page)).toHaveText('23 of 23')
  await untilTurn(page, 23)
  await expect(counter(page)).toHaveText('1 of 23')
})

test('the pause button stops it, the arrows still work, and play resumes it', async ({ page }) => {
  await openLanding(page)
  await page.getByRole('button', { name: 'Pause the carousel' }).click()
  const paused = await slideNumber(page)
  await timePasses(page, 6000)
  expect(await slideNumber(page)).toBe(paused)

  await page.getByRole('button', { name: 'Next app' }).click()
  await expect(counter(page)).toHaveText(`${paused + 1} of 23`)
  await timePasses(page, 6000)
  expect(await slideNumber(page)).toBe(paused + 1)

  await page.getByRole('button', { name: 'Resume the carousel' }).click()
  await untilTurn(page, paused + 1)
})

test('does not start by itself when the visitor prefers reduced motion', async ({ browser }) => {
  const context = await browser.newContext({ reducedMotion: 'reduce', locale: 'en-US' })
  const page = await context.newPage()
  await openLanding(page)
  await expect(page.getByRole('button', { name: 'Resume the carousel' })).toBeVisible()
  await timePasses(page, 6000)
  await expect(counter(page)).toHaveText('1 of 23')
  await context.close()
})
