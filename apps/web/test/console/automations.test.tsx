import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { AppwriteException } from 'appwrite'
import { I18nextProvider } from 'react-i18next'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { ApiKey, WebhookDelivery, WebhookEndpoint } from '@pg/shared/automations'
import { NoticeProvider } from '../../src/components/console/notice'
import { loadConsoleTexts } from '../../src/lib/console/console-texts'
import { i18n, showLanguage } from '../../src/lib/i18n'
import { AutomationsRoute } from '../../src/routes/console/automations'
import { client, resetFakeBackend } from '../support/fake-backend'

// The console's calls build their address from the SDK's endpoint, which the shared fake leaves out.
vi.mock('../../src/lib/backend', async () => ({
  ...(await import('../support/fake-backend')),
  endpoint: 'http://localhost:3000/v1',
}))

const KEY_SECRET = 'standard_1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b1c2d3e4f'
const WEBHOOK_SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw'

const aKey = (overrides: Partial<ApiKey> = {}): ApiKey => ({
  $id: 'key-1',
  $createdAt: '2026-11-20T09:00:00.000Z',
  name: 'n8n ventas',
  scopes: ['orders.read'],
  expire: null,
  accessedAt: null,
  hint: 'standard_9f8e7d6c',
  ...overrides,
})

const anEndpoint = (overrides: Partial<WebhookEndpoint> = {}): WebhookEndpoint => ({
  $id: 'endpoint-1',
  $createdAt: '2026-11-20T09:00:00.000Z',
  url: 'https://n8n.example.com/webhook/ventas',
  events: ['order.paid', 'member.created'],
  enabled: true,
  disabledReason: null,
  failingSince: null,
  ...overrides,
})

const aDelivery = (overrides: Partial<WebhookDelivery> = {}): WebhookDelivery => ({
  $id: 'msg_1',
  $createdAt: '2026-11-28T10:00:00.000Z',
  endpointId: 'endpoint-1',
  url: 'https://n8n.example.com/webhook/ventas',
  event: 'order.paid',
  status: 'delivered',
  nextAttemptAt: null,
  attempts: [{ at: '2026-11-28T10:00:01.000Z', statusCode: 200, durationMs: 87, error: null }],
  ...overrides,
})

interface Call {
  method: string
  path: string
  params: Record<string, unknown>
}

/**
 * A stand-in for the store's automations routes (apps/server/src/automations/automations-routes.ts):
 * what it holds, the calls it got, and `deliveryAnswers` for the log's answers in turn (the last kept).
 */
function fakeServer({
  keys = [aKey()],
  endpoints = [anEndpoint()],
  deliveries = [aDelivery()],
}: { keys?: ApiKey[]; endpoints?: WebhookEndpoint[]; deliveries?: WebhookDelivery[] } = {}) {
  const state = { keys, endpoints, deliveryAnswers: [deliveries] }
  const calls: Call[] = []
  client.call.mockImplementation(
    async (method: string, url: URL, _headers: unknown, params: Record<string, unknown>) => {
      const path = url.pathname.replace(/^\/v1/, '')
      calls.push({ method, path, params })
      if (method === 'GET' && path === '/store/automations')
        return { keys: state.keys, endpoints: state.endpoints }
      if (method === 'GET' && path === '/store/webhooks/deliveries') {
        const answer =
          state.deliveryAnswers.length > 1 ? state.deliveryAnswers.shift() : state.deliveryAnswers[0]
        return { total: answer?.length ?? 0, deliveries: answer ?? [] }
      }
      if (method === 'POST' && path === '/store/keys') {
        if (params.name === 'duplicada')
          throw new AppwriteException('Ya hay una clave con ese nombre.', 409, 'general_argument_invalid')
        const key = aKey({ $id: 'key-2', ...params, accessedAt: null, hint: KEY_SECRET.slice(0, 17) })
        state.keys = [...state.keys, key]
        return { ...key, secret: KEY_SECRET }
      }
      if (method === 'DELETE' && path.startsWith('/store/keys/')) {
        state.keys = state.keys.filter((key) => key.$id !== path.split('/').at(-1))
        return ''
      }
      if (method === 'POST' && path === '/store/webhooks') {
        const endpoint = anEndpoint({ $id: 'endpoint-2', ...params })
        state.endpoints = [...state.endpoints, endpoint]
        return { ...endpoint, secret: WEBHOOK_SECRET }
      }
      if (method === 'PATCH') {
        const id = path.split('/').at(-1)
        state.endpoints = state.endpoints.map((endpoint) =>
          endpoint.$id === id
            ? { ...endpoint, ...params, disabledReason: null, failingSince: null }
            : endpoint,
        )
        return state.endpoints.find((endpoint) => endpoint.$id === id)
      }
      if (method === 'POST' && path.endsWith('/test'))
        return aDelivery({ $id: 'msg_test', event: 'webhook.test', status: 'pending', attempts: [] })
      if (method === 'POST' && path.endsWith('/redeliver'))
        return aDelivery({ status: 'pending', attempts: [] })
      throw new Error(`unexpected ${method} ${path}`)
    },
  )
  return { state, calls }
}

function renderPage(options: Parameters<typeof userEvent.setup>[0] = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  render(
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <NoticeProvider>
          <AutomationsRoute />
        </NoticeProvider>
      </I18nextProvider>
    </QueryClientProvider>,
  )
  return { user: userEvent.setup(options), queryClient }
}

/** Everything TanStack Query holds, answers of queries and mutations alike, as text. */
const cached = (queryClient: QueryClient) =>
  JSON.stringify([
    queryClient
      .getQueryCache()
      .getAll()
      .map((query) => query.state.data),
    queryClient
      .getMutationCache()
      .getAll()
      .map((mutation) => mutation.state.data),
  ])

beforeEach(async () => {
  resetFakeBackend()
  await loadConsoleTexts()
})

afterEach(() => {
  vi.useRealTimers()
})

describe('the API keys on the console’s Automations page', () => {
  it('lists the keys, with “Nunca” for a key never used', async () => {
    await showLanguage('es')
    fakeServer({
      keys: [
        aKey(),
        aKey({
          $id: 'key-3',
          name: 'script catálogo',
          scopes: ['documents.read', 'documents.write'],
          expire: '2030-01-31T22:59:59.999Z',
          accessedAt: '2026-11-27T08:30:00.000Z',
        }),
      ],
    })
    renderPage()
    const section = await screen.findByRole('region', { name: 'Claves de API' })
    const table = within(section).getByRole('table', { name: 'Claves de API: 2' })
    const used = within(table).getByRole('row', { name: /^script catálogo/ })
    expect(used).toHaveTextContent('documents.readdocuments.write')
    expect(used).toHaveTextContent(/2030/)
    expect(used).toHaveTextContent(/27 nov 2026/)
    const never = within(table).getByRole('row', { name: /^n8n ventas/ })
    expect(never).toHaveTextContent('orders.readNo caducaNunca')
    expect(never).toHaveTextContent('standard_9f8e7d6c…')
    expect(section).toHaveTextContent('X-Appwrite-Key')
    expect(within(section).getByText('http://localhost:3000/v1')).toBeInTheDocument()
  })

  it('checks the form, then shows the secret once: copied, then gone after “Ya lo he guardado”', async () => {
    await showLanguage('es')
    const { calls } = fakeServer()
    const { user, queryClient } = renderPage()
    const section = await screen.findByRole('region', { name: 'Claves de API' })
    await user.click(within(section).getByRole('button', { name: 'Nueva clave' }))
    const dialog = await screen.findByRole('dialog', { name: 'Nueva clave de API' })
    const scopes = within(dialog).getByRole('group', { name: 'Permisos' })
    expect(within(scopes).getAllByRole('checkbox')).toHaveLength(7)
    expect(within(scopes).getByRole('checkbox', { name: /^users\.read/ })).toHaveAccessibleName(
      'users.read Ver los miembros: listarlos, buscarlos y leer sus datos y sesiones.',
    )

    await user.click(within(dialog).getByRole('button', { name: 'Crear clave' }))
    const name = within(dialog).getByRole('textbox', { name: 'Nombre' })
    expect(name).toHaveFocus()
    expect(name).toHaveAccessibleDescription(/Escribe un nombre\.$/)
    expect(scopes).toHaveAccessibleDescription('Marca al menos uno. Marca al menos un permiso.')
    expect(calls.filter((call) => call.method === 'POST')).toEqual([])

    await user.type(name, 'Zapier pedidos')
    await user.click(within(scopes).getByRole('checkbox', { name: /^orders\.write/ }))
    await user.click(within(scopes).getByRole('checkbox', { name: /^orders\.read/ }))
    const expiry = within(dialog).getByLabelText('Caduca el (opcional)')
    await user.type(expiry, '2020-01-01')
    await user.click(within(dialog).getByRole('button', { name: 'Crear clave' }))
    expect(expiry).toHaveAccessibleDescription(/Elige hoy o un día posterior\.$/)
    expect(expiry).toHaveFocus()

    await user.clear(expiry)
    await user.click(within(dialog).getByRole('button', { name: 'Crear clave' }))
    expect(
      await within(section).findByRole('heading', { name: 'Clave creada: Zapier pedidos' }),
    ).toHaveFocus()
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(calls.find((call) => call.method === 'POST')).toEqual({
      method: 'POST',
      path: '/store/keys',
      params: { name: 'Zapier pedidos', scopes: ['orders.read', 'orders.write'], expire: null },
    })
    const secret = within(section).getByRole('textbox', { name: 'Clave secreta' })
    expect(secret).toHaveValue(KEY_SECRET)
    expect(secret).toHaveAttribute('readonly')
    expect(secret).toHaveAccessibleDescription(/No se volverá a mostrar/)
    expect(await within(section).findByRole('row', { name: /^Zapier pedidos/ })).toBeInTheDocument()

    await user.click(within(section).getByRole('button', { name: 'Copiar: Clave secreta' }))
    expect(within(section).getByRole('status')).toHaveTextContent('Copiado al portapapeles.')
    expect(await navigator.clipboard.readText()).toBe(KEY_SECRET)

    await user.click(within(section).getByRole('button', { name: 'Ya lo he guardado' }))
    expect(within(section).queryByRole('textbox', { name: 'Clave secreta' })).not.toBeInTheDocument()
    expect(document.body).not.toHaveTextContent(KEY_SECRET)
    // Neither the page's queries nor its mutations keep it.
    await act(() => new Promise((resolve) => setTimeout(resolve, 10)))
    expect(cached(queryClient)).not.toContain(KEY_SECRET)
    expect(JSON.stringify(localStorage)).not.toContain(KEY_SECRET)
  })

  it('shows the server’s refusal in the dialog, in English', async () => {
    await showLanguage('en')
    fakeServer()
    const { user } = renderPage()
    const section = await screen.findByRole('region', { name: 'API keys' })
    await user.click(within(section).getByRole('button', { name: 'New key' }))
    const dialog = await screen.findByRole('dialog', { name: 'New API key' })
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'duplicada')
    await user.click(
      within(dialog).getByRole('checkbox', { name: /^analytics\.read Read the store's analytics/ }),
    )
    await user.click(within(dialog).getByRole('button', { name: 'Create key' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Ya hay una clave con ese nombre.')
    expect(within(section).queryByRole('textbox', { name: 'Secret key' })).not.toBeInTheDocument()
  })

  it('revokes a key after a confirmation', async () => {
    await showLanguage('en')
    const { calls } = fakeServer()
    const { user } = renderPage()
    const section = await screen.findByRole('region', { name: 'API keys' })
    await user.click(await within(section).findByRole('button', { name: 'Revoke the key n8n ventas' }))
    const dialog = await screen.findByRole('dialog', { name: 'Revoke the key n8n ventas?' })
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }))
    expect(await screen.findByText('Key revoked: n8n ventas.')).toBeInTheDocument()
    expect(await within(section).findByText('No keys yet.')).toBeInTheDocument()
    expect(calls).toContainEqual({ method: 'DELETE', path: '/store/keys/key-1', params: {} })
  })
})

describe('the webhooks on the console’s Automations page', () => {
  it('says an endpoint failed for 3 days, and “Reactivar” turns it on again', async () => {
    await showLanguage('es')
    const url = 'https://caido.example.com/hook'
    const { calls } = fakeServer({
      endpoints: [
        anEndpoint({
          url,
          enabled: false,
          disabledReason: 'failing',
          failingSince: '2026-11-25T10:00:00.000Z',
        }),
      ],
    })
    const { user } = renderPage()
    const section = await screen.findByRole('region', { name: 'Webhooks' })
    expect(
      await within(section).findByText(`${url} se desactivó porque falló durante 3 días seguidos.`, {
        exact: false,
      }),
    ).toBeVisible()
    const item = within(within(section).getByRole('list', { name: 'Endpoints' })).getByRole('listitem')
    expect(item).toHaveTextContent('Desactivado: falló durante 3 días')
    expect(item).toHaveTextContent('Eventos: Pedido pagado, Miembro creado')
    expect(within(item).getByRole('button', { name: `Enviar un evento de prueba a ${url}` })).toBeDisabled()
    await user.click(within(item).getByRole('button', { name: `Reactivar ${url}` }))
    expect(await screen.findByText(`Reactivado: ${url}.`)).toBeInTheDocument()
    expect(calls).toContainEqual({
      method: 'PATCH',
      path: '/store/webhooks/endpoint-1',
      params: { enabled: true },
    })
    expect(await within(item).findByText('Activo')).toBeInTheDocument()
    expect(section).not.toHaveTextContent('se desactivó')
  })

  it('checks the new endpoint, shows its whsec_ secret once, and queues a test event that the log follows', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    await showLanguage('es')
    const { state, calls } = fakeServer({ endpoints: [], deliveries: [] })
    const { user } = renderPage({ advanceTimers: vi.advanceTimersByTime })
    const section = await screen.findByRole('region', { name: 'Webhooks' })
    expect(await within(section).findByText('Todavía no hay endpoints.')).toBeInTheDocument()
    await user.click(within(section).getByRole('button', { name: 'Añadir endpoint' }))
    const dialog = await screen.findByRole('dialog', { name: 'Nuevo endpoint' })
    const events = within(dialog).getByRole('group', { name: 'Eventos' })
    expect(
      ['Pedidos', 'Miembros', 'Proyectos'].map(
        (group) => within(within(events).getByRole('group', { name: group })).getAllByRole('checkbox').length,
      ),
    ).toEqual([3, 3, 3])

    const url = within(dialog).getByRole('textbox', { name: 'URL' })
    await user.type(url, 'ftp://n8n.example.com/hook')
    await user.click(within(dialog).getByRole('button', { name: 'Añadir endpoint' }))
    expect(url).toHaveAccessibleDescription(
      /Escribe una URL completa que empiece por https:\/\/ o http:\/\/\.$/,
    )
    expect(events).toHaveAccessibleDescription('Marca al menos uno. Marca al menos un evento.')
    expect(url).toHaveFocus()

    await user.clear(url)
    await user.type(url, 'http://127.0.0.1:5678/webhook/tienda')
    await user.click(within(events).getByRole('checkbox', { name: 'Pedido pagado order.paid' }))
    await user.click(within(events).getByRole('checkbox', { name: 'Proyecto creado project.created' }))
    await user.click(within(dialog).getByRole('button', { name: 'Añadir endpoint' }))
    expect(
      await within(section).findByRole('heading', {
        name: 'Endpoint añadido: http://127.0.0.1:5678/webhook/tienda',
      }),
    ).toHaveFocus()
    expect(calls).toContainEqual({
      method: 'POST',
      path: '/store/webhooks',
      params: { url: 'http://127.0.0.1:5678/webhook/tienda', events: ['order.paid', 'project.created'] },
    })
    expect(within(section).getByRole('textbox', { name: 'Secreto de firma' })).toHaveValue(WEBHOOK_SECRET)
    await user.click(within(section).getByRole('button', { name: 'Ya lo he guardado' }))
    expect(document.body).not.toHaveTextContent(WEBHOOK_SECRET)

    // The test event: queued (said politely), pending in the log, which asks every 2 s until it is delivered.
    const test = aDelivery({
      $id: 'msg_test',
      event: 'webhook.test',
      url: 'http://127.0.0.1:5678/webhook/tienda',
    })
    state.deliveryAnswers = [[{ ...test, status: 'pending', attempts: [] }], [test]]
    await user.click(
      await within(section).findByRole('button', {
        name: 'Enviar un evento de prueba a http://127.0.0.1:5678/webhook/tienda',
      }),
    )
    const queued = await screen.findByText(
      'Evento de prueba en cola para http://127.0.0.1:5678/webhook/tienda.',
    )
    expect(queued.closest('[role="status"]')).toHaveAttribute('aria-live', 'polite')
    const log = screen.getByRole('region', { name: 'Registro de entregas' })
    const row = await within(log).findByRole('row', { name: /^Evento de prueba webhook\.test/ })
    expect(row).toHaveTextContent('Pendiente')
    expect(log).toHaveTextContent('Actualizando: hay entregas pendientes.')
    await act(() => vi.advanceTimersByTimeAsync(2000))
    expect(await within(log).findByText('Entregado')).toBeInTheDocument()
    expect(within(log).getByRole('row', { name: /^Evento de prueba/ })).toHaveTextContent('200')
    const asked = calls.filter((call) => call.path === '/store/webhooks/deliveries').length
    await act(() => vi.advanceTimersByTimeAsync(6000))
    expect(calls.filter((call) => call.path === '/store/webhooks/deliveries').length).toBe(asked)
    expect(calls).toContainEqual({
      method: 'GET',
      path: '/store/webhooks/deliveries',
      params: { limit: 25 },
    })
  })

  it('shows each delivery’s attempts on demand and redelivers one, in English', async () => {
    await showLanguage('en')
    const { calls } = fakeServer({
      deliveries: [
        aDelivery({
          status: 'failed',
          attempts: [
            { at: '2026-11-28T10:00:01.000Z', statusCode: null, durationMs: 10_000, error: 'timeout' },
            { at: '2026-11-28T10:05:01.000Z', statusCode: 500, durationMs: 120, error: 'HTTP 500' },
          ],
        }),
      ],
    })
    const { user } = renderPage()
    const log = await screen.findByRole('region', { name: 'Delivery log' })
    const table = await within(log).findByRole('table', { name: 'Webhook deliveries: 1' })
    const row = within(table).getByRole('row', { name: /^Order paid order\.paid/ })
    expect(row).toHaveTextContent('Failed')
    expect(row).toHaveTextContent('500')
    const disclosure = within(row).getByRole('button', { name: /^2 attempts/ })
    expect(disclosure).toHaveAttribute('aria-expanded', 'false')
    await user.click(disclosure)
    expect(disclosure).toHaveAttribute('aria-expanded', 'true')
    const attempts = within(log).getByRole('table', {
      name: 'Attempts of the delivery Order paid to https://n8n.example.com/webhook/ventas',
    })
    const [first, second] = within(attempts).getAllByRole('row').slice(1)
    expect(first).toHaveTextContent(/No answer10000 mstimeout$/)
    expect(second).toHaveTextContent(/500120 msHTTP 500$/)
    expect(within(attempts).getByText('HTTP 500')).toHaveAttribute('lang', 'en')

    await user.click(
      within(row).getByRole('button', {
        name: 'Redeliver Order paid to https://n8n.example.com/webhook/ventas',
      }),
    )
    expect(
      await screen.findByText('Redelivery queued: Order paid to https://n8n.example.com/webhook/ventas.'),
    ).toBeInTheDocument()
    expect(calls).toContainEqual({
      method: 'POST',
      path: '/store/webhooks/deliveries/msg_1/redeliver',
      params: {},
    })
  })

  it('shows an error when the page cannot load', async () => {
    await showLanguage('es')
    client.call.mockRejectedValue(
      new AppwriteException('Solo los administradores pueden hacer esto.', 401, 'user_unauthorized'),
    )
    renderPage()
    const refusal = await screen.findByText('Solo los administradores pueden hacer esto.')
    expect(refusal.closest('[role="alert"]')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeInTheDocument()
  })
})
