import { screen, within } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { analyticsReportSchema, type AnalyticsReport } from '@pg/shared/analytics'
import { readPeriod, periodAddress } from '../../src/features/console-analytics/model/analytics-period'
import { showLanguage } from '../../src/lib/i18n'
import { account, client, member, resetFakeBackend } from '../support/fake-backend'
import { renderApp } from '../support/render-app'

// The console's calls build their address from the SDK's endpoint, which the shared fake leaves out.
vi.mock('../../src/lib/backend', async () => ({
  ...(await import('../support/fake-backend')),
  endpoint: 'http://localhost:3000/v1',
}))

const days = (count: number, from: string) =>
  Array.from({ length: count }, (_, index) => {
    const day = new Date(Date.parse(`${from}T00:00:00Z`) + index * 86_400_000).toISOString().slice(0, 10)
    return {
      day,
      visitors: index === 2 ? 40 : 10,
      views: index === 2 ? 55 : 12,
      buyClicks: index === 2 ? 4 : 1,
      paidOrders: index === 2 ? 2 : 0,
      firstSignIns: index === 2 ? 1 : 0,
      searches: 3,
      searchesWithoutResults: 1,
      detailsOpened: 5,
      favourites: 1,
      collectionAdds: 0,
      revenue: index === 2 ? [{ currency: 'USD', amount: 5000 }] : [],
    }
  })

/** A week of a store with visits, as `GET /v1/store/analytics?days=7` answers (decision 065). */
const week: AnalyticsReport = analyticsReportSchema.parse({
  days: 7,
  from: '2026-03-09',
  to: '2026-03-15',
  daily: days(7, '2026-03-09'),
  visitorsCappedDays: [],
  funnel: {
    visitors: 100,
    landingViews: 127,
    buyClicks: 10,
    paidOrders: 2,
    firstSignIns: 1,
    buyClickRate: 10 / 127,
    paymentRate: 0.2,
    signInRate: 0.5,
    conversionRate: 0.02,
  },
  campaigns: [
    {
      campaign: 'spring',
      landingViews: 60,
      buyClicks: 6,
      paidOrders: 2,
      firstSignIns: 1,
      revenue: [{ currency: 'USD', amount: 5000 }],
    },
  ],
  referrers: [
    { key: 'news.example.com', count: 30 },
    { key: 'social.example', count: 12 },
  ],
  sources: [{ key: 'newsletter', count: 20 }],
  pages: [{ key: '/', count: 100 }],
  languages: [{ key: 'es', count: 90 }],
  devices: [{ key: 'phone', count: 80 }],
  projects: [
    {
      projectId: 'demo-0001',
      title: 'Asistente de citas',
      detailsOpened: 25,
      favourites: 4,
      collectionAdds: 2,
    },
    { projectId: 'gone-1', title: null, detailsOpened: 3, favourites: 0, collectionAdds: 0 },
  ],
  searches: [{ term: 'crm', count: 9 }],
  searchesWithoutResults: [{ term: 'tiktok', count: 4 }],
  weeklyActiveMembers: [{ week: '2026-03-09', members: 14 }],
  revenue: [{ currency: 'USD', amount: 5000, orders: 2 }],
})

/** A new store: every day present, with zeros, and every list empty. */
const empty: AnalyticsReport = {
  ...week,
  days: 30,
  from: '2026-02-14',
  daily: days(30, '2026-02-14').map((day) => ({
    ...day,
    visitors: 0,
    views: 0,
    buyClicks: 0,
    paidOrders: 0,
    firstSignIns: 0,
    revenue: [],
  })),
  funnel: {
    visitors: 0,
    landingViews: 0,
    buyClicks: 0,
    paidOrders: 0,
    firstSignIns: 0,
    buyClickRate: null,
    paymentRate: null,
    signInRate: null,
    conversionRate: null,
  },
  campaigns: [],
  referrers: [],
  sources: [],
  pages: [],
  projects: [],
  searches: [],
  searchesWithoutResults: [],
  weeklyActiveMembers: [{ week: '2026-02-09', members: 0 }],
  revenue: [],
}

/** The server as the page sees it: an admin, and the report for the `days` asked. */
function serve(reports: Partial<Record<string, AnalyticsReport>>) {
  account.get.mockResolvedValue({ ...member, labels: ['admin'] })
  client.call.mockImplementation(
    (_method: string, url: URL, _headers: unknown, params: { days?: string }) => {
      if (url.pathname === '/v1/store/analytics') return Promise.resolve(reports[params.days ?? '30'])
      if (url.pathname === '/v1/store/analytics/campaigns')
        return Promise.resolve({ campaigns: ['spring'], checkoutCampaigns: [], limit: 50 })
      return Promise.reject(new Error(`no answer for ${url.pathname}`))
    },
  )
}

const section = (name: string) => screen.getByRole('region', { name })

/** The page's own address too, as in a browser (the app reads `location` besides the router). */
function open(path: string) {
  window.history.replaceState(null, '', path)
  return renderApp(path)
}

beforeEach(() => {
  resetFakeBackend()
})

describe('the Analytics page’s address', () => {
  it('reads 7, 30 or 90 days, and 30 from anything else; 30 leaves no parameter', () => {
    expect(readPeriod(new URLSearchParams('days=7'))).toBe(7)
    expect(readPeriod(new URLSearchParams('days=90'))).toBe(90)
    expect(readPeriod(new URLSearchParams('days=31'))).toBe(30)
    expect(readPeriod(new URLSearchParams(''))).toBe(30)
    expect(periodAddress(new URLSearchParams('days=7&x=1'), 30)).toBe('?x=1')
    expect(periodAddress(new URLSearchParams(''), 90)).toBe('?days=90')
  })
})

describe('the Analytics page', () => {
  it('shows a week’s figures, sentences and tables in Spanish, and switches the period in the address', async () => {
    await showLanguage('es')
    serve({ '7': week, '30': empty })
    const { router, user } = open('/admin/analytics?days=7')
    expect(await screen.findByRole('heading', { level: 2, name: 'Analítica' })).toBeInTheDocument()
    const visits = await screen.findByRole('region', { name: 'Visitantes y clics de compra por día' })
    expect(visits).toHaveTextContent(
      '100 visitantes, 127 páginas vistas y 10 clics de compra en los últimos 7 días. Día con más visitantes: 11 mar 2026, con 40.',
    )
    expect(screen.getByText('Últimos 7 días: del 9 mar 2026 al 15 mar 2026.')).toHaveAttribute(
      'role',
      'status',
    )
    expect(screen.getByRole('link', { name: '7 días' })).toHaveAttribute('aria-current', 'page')
    // The owner's own campaigns, below the report (decision 071).
    expect(
      await within(section('Campañas propias')).findByRole('list', { name: 'Tus campañas: 1 de 50' }),
    ).toHaveTextContent('spring')

    // Figures in the page's language: the share and the money as Spanish writes them.
    const figures = screen.getByText('Conversión').closest('div')
    expect(figures).toHaveTextContent(/2\s%/)
    expect(screen.getByText('Ingresos', { selector: 'dt' }).nextElementSibling).toHaveTextContent(
      /50,00\sUS\$/,
    )

    // The table behind the chart, named, newest day first.
    await user.click(within(visits).getByText('Ver los datos'))
    const table = within(visits).getByRole('table', {
      name: 'Visitantes, visitas, clics de compra y pedidos pagados de cada día, del más reciente al más antiguo',
    })
    const rows = within(table).getAllByRole('row')
    expect(rows).toHaveLength(8)
    expect(rows[1]).toHaveTextContent('15 mar 2026101210')
    expect(within(table).getByRole('rowheader', { name: '11 mar 2026' }).closest('tr')).toHaveTextContent(
      '11 mar 2026405542',
    )

    expect(section('Embudo de venta')).toHaveTextContent(
      'De 127 visitas a la tienda salieron 10 clics de compra (7,9 %), 2 pedidos pagados (20 % de los clics) y 1 primeros accesos a la galería (50 % de los pedidos).',
    )
    expect(section('Sitios de donde llegan')).toHaveTextContent(
      'news.example.com trajo más visitas que ningún otro sitio: 30.',
    )
    expect(section('Campañas (utm_campaign)')).toHaveTextContent('spring: 60 visitas y 2 pedidos pagados')
    const projects = section('Proyectos más abiertos')
    expect(projects).toHaveTextContent('El proyecto más abierto es Asistente de citas: 25 veces')
    await user.click(within(projects).getByText('Ver los datos'))
    expect(
      within(projects).getByRole('rowheader', { name: 'Proyecto eliminado (gone-1)' }),
    ).toBeInTheDocument()
    expect(section('Búsquedas sin resultados')).toHaveTextContent('«tiktok», 4 veces')
    expect(section('Miembros activos por semana')).toHaveTextContent('Semana del 9 mar 2026, con 14')
    expect(screen.getByRole('link', { name: 'Descargar CSV de los últimos 7 días' })).toHaveAttribute(
      'href',
      'http://localhost:3000/v1/store/analytics/export?days=7',
    )

    // 30 days: the address changes, the server is asked for 30, and the figures follow.
    await user.click(screen.getByRole('link', { name: '30 días' }))
    expect(router.state.location.search).toBe('')
    expect(await screen.findByText(/Todavía no hay visitas en este periodo/)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: /Descargar CSV/ })).toHaveAttribute(
      'href',
      'http://localhost:3000/v1/store/analytics/export?days=30',
    )
    expect(client.call).toHaveBeenCalledWith('GET', expect.any(URL), {}, { days: '30' })
  })

  it('tells a new store, in English, what each chart will show and why it is empty', async () => {
    await showLanguage('en')
    serve({ '30': empty })
    open('/admin/analytics')
    const visits = await screen.findByRole('region', { name: 'Visitors and buy clicks by day' })
    expect(visits).toHaveTextContent('No visits in this period yet.')
    expect(visits).toHaveTextContent('without cookies')
    expect(within(visits).queryByRole('table')).toBeNull()
    expect(section('Sales funnel')).toHaveTextContent('The funnel will appear once the store has visits')
    expect(section('Sites visitors come from')).toHaveTextContent('Nobody has come from another site')
    expect(section('Campaigns (utm_campaign)')).toHaveTextContent('Add ?utm_campaign=name')
    expect(section('Most opened projects')).toHaveTextContent('No member has opened a project')
    expect(section('Searches that found nothing')).toHaveTextContent(
      'Every search in this period found something',
    )
    expect(section('Active members by week')).toHaveTextContent('No member has used the gallery')
    expect(screen.getByText('Conversion').nextElementSibling).toHaveTextContent('No data')
    expect(screen.getByRole('link', { name: '30 days' })).toHaveAttribute('aria-current', 'page')
    expect(screen.getByRole('link', { name: 'Download CSV of the last 30 days' })).toBeInTheDocument()
  })
})

describe('the Overview’s glance at the week', () => {
  it('shows visitors, conversion and revenue, and leads to the Analytics page', async () => {
    await showLanguage('en')
    account.get.mockResolvedValue({ ...member, labels: ['admin'] })
    client.call.mockImplementation((_method: string, url: URL) => {
      if (url.pathname === '/v1/store/analytics') return Promise.resolve(week)
      if (url.pathname === '/v1/store/settings') return Promise.resolve({ readyToSell: true, items: [] })
      return Promise.resolve({
        members: { active: 3, blocked: 0, disabled: 0, liveSessions: 1 },
        sales: { days: [], orders: 0, revenue: {} },
        catalogue: { projects: 1, categories: 1, tags: 1, uncategorizedProjects: 0 },
        mostFavourited: [],
        searchesWithoutResults: [],
        otherSearchesWithoutResults: 0,
      })
    })
    open('/admin')
    const card = await screen.findByRole('region', { name: 'The store’s last 7 days' })
    expect(await within(card).findByText('2 paid orders from 100 visitors.')).toBeInTheDocument()
    expect(within(card).getByText('Visitors').nextElementSibling).toHaveTextContent('100')
    expect(within(card).getByText('Conversion').nextElementSibling).toHaveTextContent('2%')
    expect(card).toHaveTextContent('$50.00')
    expect(within(card).getByRole('link', { name: 'See the analytics' })).toHaveAttribute(
      'href',
      '/admin/analytics?days=7',
    )
  })
})
