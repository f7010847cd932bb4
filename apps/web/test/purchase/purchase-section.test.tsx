import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { I18nextProvider } from 'react-i18next'
import { AppwriteException } from 'appwrite'
import { beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest'
import { PurchaseSection } from '../../src/features/purchase/components/purchase-section'
import { i18n, showLanguage } from '../../src/lib/i18n'
import { StorefrontContentContext } from '../../src/lib/storefront-content'
import { takeConsoleErrors } from '../support/console-guard'
import { client, resetFakeBackend } from '../support/fake-backend'
import { testStorefronts } from '../support/storefront'
import { aPurchase, anOrder, unavailable } from './purchase-factories'

vi.mock('../../src/lib/backend', () => import('../support/fake-backend'))

beforeEach(resetFakeBackend)

/** The section as the dashboard draws it, answering `GET /v1/store/purchase` with `answer`. */
function renderSection(answer?: unknown) {
  if (answer !== undefined) client.call.mockResolvedValue(answer)
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  render(
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <StorefrontContentContext value={testStorefronts()}>
          <PurchaseSection />
        </StorefrontContentContext>
      </I18nextProvider>
    </QueryClientProvider>,
  )
  return { user: userEvent.setup() }
}

/** Where the page navigates (`location.assign`), recorded instead of followed, on the API's origin. */
function stubNavigation() {
  const assign = vi.fn()
  const spy = vi
    .spyOn(window, 'location', 'get')
    .mockReturnValue({ ...window.location, assign, origin: 'http://localhost:3000' })
  onTestFinished(() => spy.mockRestore())
  return assign
}

const orderItems = async (name = 'Your orders') =>
  within(await screen.findByRole('list', { name })).getAllByRole('listitem')

describe('My purchase: loading and failure', () => {
  it('says it is loading, under its heading, while the purchase is asked for', async () => {
    client.call.mockReturnValue(new Promise(() => {}))
    renderSection()
    expect(screen.getByRole('heading', { level: 2, name: 'My purchase' })).toBeVisible()
    expect(await screen.findByRole('status')).toHaveTextContent('Loading your purchase...')
    const [method, url] = client.call.mock.calls[0] ?? []
    expect(method).toBe('get')
    expect(String(url)).toBe('http://localhost:3000/v1/store/purchase')
  })

  it('says the purchase could not be loaded, logs why, and tries again on request', async () => {
    const failure = new AppwriteException('Server Error', 500, 'general_unknown')
    client.call.mockRejectedValue(failure)
    const { user } = renderSection()
    // The query tries once more by itself before giving up.
    expect(await screen.findByRole('alert', {}, { timeout: 4000 })).toHaveTextContent(
      'Your purchase could not be loaded.',
    )
    expect(takeConsoleErrors()).toEqual([['Purchase load error', failure]])

    client.call.mockResolvedValue(aPurchase())
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await orderItems()).toHaveLength(1)
  })

  it('treats an answer of the wrong shape as a failure', async () => {
    renderSection({ orders: 'none' })
    expect(await screen.findByRole('alert', {}, { timeout: 4000 })).toHaveTextContent(
      'Your purchase could not be loaded.',
    )
    expect(takeConsoleErrors()).toHaveLength(1)
  })
})

describe('My purchase: an order', () => {
  it('shows the product (the bundle when unnamed), date, amount, status, download and its window', async () => {
    renderSection(aPurchase())
    const [item] = await orderItems()
    const order = within(item as HTMLElement)
    expect(order.getByRole('heading', { level: 3, name: 'Bundle of 700+ AI apps' })).toBeVisible()
    expect(order.getByText('Bought on March 15, 2026')).toHaveAttribute(
      'datetime',
      '2026-03-15T12:00:00.000Z',
    )
    expect(item).toHaveTextContent('$25.00')
    expect(item).toHaveTextContent('Status: Paid')
    const button = order.getByRole('button', { name: 'Download the bundle' })
    expect(button).toHaveAccessibleDescription(/^Bundle of 700\+ AI apps Available until March 30, 2026/)
    expect(item).toHaveTextContent('2 of 10 downloads used')
  })

  it('names the product the provider gave', async () => {
    renderSection(aPurchase({ orders: [anOrder({ product: 'AI apps bundle — Pro' })] }))
    expect(await screen.findByRole('heading', { level: 3, name: 'AI apps bundle — Pro' })).toBeVisible()
  })

  it.each([
    [
      'expired after 15 days',
      anOrder({ download: unavailable('expired', 3) }),
      /available for 15 days after the purchase and expired on March 30, 2026/,
    ],
    ['the limit reached', anOrder({ download: unavailable('limit_reached', 10) }), /used all 10 downloads/],
    ['payment pending', anOrder({ status: 'pending', download: unavailable('not_paid') }), /still pending/],
    ['refunded', anOrder({ status: 'refunded', download: unavailable('expired') }), /was refunded/],
    ['disputed', anOrder({ status: 'disputed', download: unavailable('not_paid') }), /is disputed/],
    ['canceled', anOrder({ status: 'canceled', download: unavailable('not_paid') }), /was canceled/],
    ['not ready yet', anOrder({ download: unavailable('not_configured') }), /not ready yet/],
  ])('without a download (%s) says why and how to ask support', async (_, order, why) => {
    renderSection(aPurchase({ orders: [order] }))
    const [item] = await orderItems()
    expect(item).toHaveTextContent(why)
    const scoped = within(item as HTMLElement)
    expect(scoped.queryByRole('button')).toBeNull()
    expect(scoped.getByRole('link', { name: 'ayuda@tienda.example.com' })).toHaveAttribute(
      'href',
      'mailto:ayuda@tienda.example.com?subject=My%20purchase%20(order%20order-1)',
    )
  })

  it('shows each status with its own badge', async () => {
    const statuses = ['paid', 'pending', 'refunded', 'disputed', 'canceled'] as const
    renderSection(
      aPurchase({
        orders: statuses.map((status, index) =>
          anOrder({ $id: `order-${index}`, status, download: unavailable('not_paid') }),
        ),
      }),
    )
    const items = await orderItems()
    expect(
      items.map(
        (item) =>
          within(item)
            .getByText(/^Status:/)
            .closest('p')?.textContent,
      ),
    ).toEqual(['Status: Paid', 'Status: Pending', 'Status: Refunded', 'Status: Disputed', 'Status: Canceled'])
  })
})

describe('My purchase: bonuses, support and no order', () => {
  it('links a bonus that has an address, in a new tab, and says the other comes soon', async () => {
    renderSection(aPurchase())
    const bonuses = within(
      (await screen.findByRole('heading', { level: 3, name: 'Your bonuses' })).closest(
        'section',
      ) as HTMLElement,
    )
    expect(bonuses.getByRole('heading', { level: 4, name: 'Bonus 1: n8n automation course' })).toBeVisible()
    const link = bonuses.getByRole('link', { name: /^Open the bonus Bonus 1: n8n automation course/ })
    expect(link).toHaveAttribute('href', 'https://drive.example.com/n8n-course')
    expect(link).toHaveAttribute('target', '_blank')
    expect(link).toHaveAttribute('rel', 'noopener noreferrer')
    expect(bonuses.getByRole('heading', { level: 4, name: 'Bonus 2: AI master programme' })).toBeVisible()
    expect(bonuses.getAllByRole('link')).toHaveLength(1)
    expect(bonuses.getByText('The link will appear here very soon.')).toBeVisible()
    expect(screen.getByText(/We answer Monday to Friday, 9:00 to 18:00 \(GMT-5\)/)).toBeVisible()
  })

  it('tells a member let in without an order why there is nothing and whom to ask', async () => {
    renderSection(aPurchase({ orders: [] }))
    expect(
      await screen.findByRole('heading', { level: 3, name: 'Your access was given by the store team' }),
    ).toBeVisible()
    expect(screen.getByRole('link', { name: 'ayuda@tienda.example.com' })).toHaveAttribute(
      'href',
      'mailto:ayuda@tienda.example.com',
    )
    expect(screen.queryByRole('list', { name: 'Your orders' })).toBeNull()
    expect(screen.queryByRole('heading', { name: 'Your bonuses' })).toBeNull()
  })

  it('names no link when the support address is not a plain address', async () => {
    renderSection(aPurchase({ orders: [], supportEmail: 'a@b.example?bcc=x@evil.example' }))
    await screen.findByRole('heading', { level: 3, name: 'Your access was given by the store team' })
    expect(screen.queryByRole('link')).toBeNull()
  })

  it('speaks the member’s language: dates, statuses and the bundle’s name in Spanish', async () => {
    await showLanguage('es')
    renderSection(aPurchase())
    const [item] = await orderItems('Tus pedidos')
    expect(screen.getByRole('heading', { level: 2, name: 'Mi compra' })).toBeVisible()
    expect(item).toHaveTextContent('Pack de 700+ apps de IA')
    expect(item).toHaveTextContent('Comprado el 15 de marzo de 2026')
    expect(item).toHaveTextContent('Estado: Pagado')
    expect(item).toHaveTextContent('2 de 10 descargas usadas')
    expect(
      screen.getByRole('heading', { level: 4, name: 'Bono 1: curso de automatización con n8n' }),
    ).toBeVisible()
  })
})

describe('My purchase: downloading', () => {
  it('asks for a link and follows it; the count is read again', async () => {
    client.call.mockResolvedValueOnce(aPurchase())
    const { user } = renderSection()
    const button = await screen.findByRole('button', { name: 'Download the bundle' })
    const assign = stubNavigation()
    client.call.mockResolvedValueOnce({ url: '/downloads/s3cr3t', expire: '2026-03-16T12:05:00.000Z' })
    client.call.mockResolvedValue(
      aPurchase({ orders: [anOrder({ download: { ...anOrder().download, used: 3 } })] }),
    )
    await user.click(button)

    expect(await screen.findByText('3 of 10 downloads used')).toBeVisible()
    expect(assign).toHaveBeenCalledWith('http://localhost:3000/downloads/s3cr3t')
    const [method, url, headers] = client.call.mock.calls[1] ?? []
    expect([method, String(url), headers]).toEqual([
      'post',
      'http://localhost:3000/v1/store/purchase/orders/order-1/download',
      { 'content-type': 'application/json' },
    ])
    expect(screen.getByText('Your download starts in a moment.')).toBeVisible()
  })

  it('never follows a link to another site', async () => {
    client.call.mockResolvedValueOnce(aPurchase())
    const { user } = renderSection()
    const button = await screen.findByRole('button', { name: 'Download the bundle' })
    const assign = stubNavigation()
    client.call.mockResolvedValueOnce({
      url: 'https://evil.example/downloads/x',
      expire: '2026-03-16T12:05:00.000Z',
    })
    client.call.mockResolvedValue(aPurchase())
    await user.click(button)
    expect(await screen.findByText(/The download could not be prepared/)).toBeVisible()
    expect(assign).not.toHaveBeenCalled()
  })

  it('says why a refused download failed, where screen readers announce it', async () => {
    client.call.mockResolvedValueOnce(aPurchase())
    const { user } = renderSection()
    const button = await screen.findByRole('button', { name: 'Download the bundle' })
    client.call.mockRejectedValueOnce(
      new AppwriteException('Download unavailable', 403, 'download_unavailable'),
    )
    client.call.mockResolvedValue(aPurchase())
    await user.click(button)
    const message = await screen.findByText('This download is no longer available.')
    expect(message.closest('[aria-live]')).toHaveAttribute('aria-live', 'assertive')
  })
})
