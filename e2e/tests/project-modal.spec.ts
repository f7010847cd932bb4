import { Query } from 'appwrite'
import type { Page } from '@playwright/test'
import { listPage, must, text, type CatalogDocument } from './catalog'
import { expect, signIn, test } from './fixtures'

const cards = (page: Page) => page.getByRole('article')
const dialog = (page: Page) => page.getByRole('dialog')

/** The first project on the gallery's first page with a video, links and demonstration cases. */
async function richProject(page: Page) {
  const firstPage = await listPage(page.request, 'projects', [Query.limit(20)])
  const isRich = (p: CatalogDocument) =>
    text(p, 'youtube_url') !== '' &&
    text(p, 'project_links').length > 2 &&
    text(p, 'demonstration_cases').length > 2
  return must(firstPage.find(isRich), 'a project with video, links and cases on the first page')
}

test('a card opens the details: video, Watch on YouTube, problem, cases, links in a new tab, author', async ({
  page,
  member,
}) => {
  await signIn(page, member, '/search')
  const project = await richProject(page)
  // Requests to any other origin from here on (the player's are answered empty: no internet here).
  const otherOrigins: string[] = []
  await page.route(/^https?:\/\/(?!127\.0\.0\.1)/, (route) => {
    otherOrigins.push(route.request().url())
    return route.fulfill({ status: 204 })
  })
  await page.getByRole('button', { name: `Open details of ${text(project, 'title')}` }).click()
  const details = dialog(page)
  await expect(details.getByRole('heading', { level: 2 })).toHaveText(text(project, 'title'))
  await expect(details.getByText(text(project, 'subtitle'))).toBeVisible()
  await expect(page).toHaveURL(new RegExp(`project=${project.$id}`))

  // The video is a facade: nothing is asked of YouTube until the member plays it (issue 15).
  await expect(details.locator('iframe')).toHaveCount(0)
  const watch = details.getByRole('link', { name: /Watch on YouTube/ })
  await expect(watch).toHaveAttribute('href', /^https:\/\/www\.youtube\.com\/watch\?v=[A-Za-z0-9_-]{11}$/)
  const id = must((await watch.getAttribute('href'))?.split('=').at(-1))
  expect(otherOrigins).toEqual([])
  const play = details.getByRole('button', { name: `Play the video: ${text(project, 'title')}` })
  await play.focus()
  await page.keyboard.press('Enter')
  const video = details.locator('iframe')
  await expect(video).toHaveAttribute('src', `https://www.youtube-nocookie.com/embed/${id}?autoplay=1`)
  await expect(video).toBeFocused()
  await expect(details.getByRole('heading', { name: 'Problem Solved' })).toBeVisible()
  await expect(details.getByText(text(project, 'problem_solved'))).toBeVisible()
  await expect(details.getByRole('heading', { name: 'Author' })).toBeVisible()
  await expect(details.getByText(text(project, 'author'), { exact: true })).toBeVisible()

  const cases = JSON.parse(text(project, 'demonstration_cases')) as string[]
  await expect(details.getByRole('heading', { name: 'Demonstration Cases' })).toBeVisible()
  for (const demonstration of cases) await expect(details.getByText(demonstration)).toBeVisible()

  const links = JSON.parse(text(project, 'project_links')) as { title: string; url: string }[]
  await expect(details.getByRole('heading', { name: 'Project Links' })).toBeVisible()
  for (const link of links) {
    const anchor = details.getByRole('link', { name: new RegExp(link.title) })
    await expect(anchor).toHaveAttribute('href', link.url)
    await expect(anchor).toHaveAttribute('target', '_blank')
    await expect(anchor).toHaveAttribute('rel', 'noopener noreferrer')
  }
})

test('the details close by button, Escape and a click outside; focus returns to the card', async ({
  page,
  member,
}) => {
  await signIn(page, member, '/search')
  const open = cards(page)
    .nth(2)
    .getByRole('button', { name: /^Open details of / })

  await open.click()
  await expect(dialog(page)).toBeVisible()
  await dialog(page).getByRole('button', { name: 'Close' }).click()
  await expect(dialog(page)).toHaveCount(0)
  await expect(open).toBeFocused()
  await expect(page).not.toHaveURL(/project=/)

  await open.focus()
  await page.keyboard.press('Enter')
  await expect(dialog(page)).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(dialog(page)).toHaveCount(0)
  await expect(open).toBeFocused()

  await open.click()
  await expect(dialog(page)).toBeVisible()
  await page.mouse.click(5, 5)
  await expect(dialog(page)).toHaveCount(0)
  await expect(open).toBeFocused()
})

test('Tab and Shift+Tab stay inside the open details', async ({ page, member }) => {
  await signIn(page, member, '/search')
  await cards(page)
    .first()
    .getByRole('button', { name: /^Open details of / })
    .click()
  await expect(dialog(page)).toBeVisible()
  const insideDialog = () => page.evaluate(() => !!document.activeElement?.closest('dialog'))
  for (let step = 0; step < 15; step += 1) {
    await page.keyboard.press('Tab')
    expect(await insideDialog(), `after ${step + 1} Tab presses`).toBe(true)
  }
  for (let step = 0; step < 15; step += 1) {
    await page.keyboard.press('Shift+Tab')
    expect(await insideDialog(), `after ${step + 1} Shift+Tab presses`).toBe(true)
  }
})

test('a shared address opens the project, and closing it leaves the gallery', async ({ page, member }) => {
  await signIn(page, member)
  const last = must(
    (await listPage(page.request, 'projects', [Query.orderDesc('$sequence'), Query.limit(1)]))[0],
  )
  await page.goto(`/search?project=${last.$id}`)
  await expect(dialog(page).getByRole('heading', { level: 2 })).toHaveText(text(last, 'title'))
  await page.keyboard.press('Escape')
  await expect(page).toHaveURL(/\/search$/)
  await expect(cards(page)).toHaveCount(20)

  await page.goto('/search?project=no-such-project')
  await expect(dialog(page).getByRole('heading', { name: 'Project not available' })).toBeVisible()
})

test('a project without a valid video shows neither player nor YouTube link', async ({ page, member }) => {
  await signIn(page, member)
  const withoutVideo = (
    await listPage(page.request, 'projects', [Query.isNull('youtube_url'), Query.limit(1)])
  )[0]
  const project = must(withoutVideo, 'a project without video')
  await page.goto(`/search?project=${project.$id}`)
  await expect(dialog(page).getByRole('heading', { level: 2 })).toHaveText(text(project, 'title'))
  await expect(dialog(page).locator('iframe')).toHaveCount(0)
  await expect(dialog(page).getByRole('button', { name: /^Play the video/ })).toHaveCount(0)
  await expect(dialog(page).getByRole('link', { name: /Watch on YouTube/ })).toHaveCount(0)
})
