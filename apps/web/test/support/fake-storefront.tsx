import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { AppwriteException } from 'appwrite'
import { I18nextProvider } from 'react-i18next'
import { createMemoryRouter } from 'react-router'
import { RouterProvider } from 'react-router/dom'
import { vi } from 'vitest'
import { storefrontContentSchema, type StorefrontContent } from '@pg/shared/storefront/content'
import { defaultStorefrontContent } from '@pg/shared/storefront/default-content'
import { SessionContext, type Session } from '../../src/features/auth/session-context'
import { changedPaths } from '../../src/features/console-storefront/model/content-paths'
import { i18n } from '../../src/lib/i18n'
import { ConsoleLayout } from '../../src/routes/console/console-layout'
import { StorefrontRoute } from '../../src/routes/console/storefront'
import { client, databases } from './fake-backend'

const ADMIN = 'olga@tienda.example.com'
const at = (minute: number) => `2026-03-15T10:${String(minute).padStart(2, '0')}:00.000+00:00`

/** `faq[2].answer.es`: a path as the server writes it (apps/server/src/storefront/storefront-validation.ts). */
const serverPath = (path: string) =>
  path.replace(/\.(\d+)(?=\.|$)/g, '[$1]').replace(/\.(\/[^.]*)/g, '["$1"]')

/** An error as the SDK throws it: the server's JSON body kept as text in `response`. */
function refusal(code: number, type: string, message: string, details: object) {
  return new AppwriteException(message, code, type, JSON.stringify({ ...details, message, code, type }))
}

interface Draft {
  revision: number
  baseVersion: number
  content: StorefrontContent
  updatedAt: string
  updatedBy: string
}

/**
 * A stand-in for `/v1/store/storefront` (apps/server/src/storefront/storefront-admin-routes.ts) behind the
 * faked SDK: the versions, the draft and its revision checked as `If-Match`, the schema's problems, the
 * preview's HTML. Every call is kept for the tests to read.
 */
export function fakeStorefront() {
  const server = {
    versions: [
      {
        version: 1,
        content: defaultStorefrontContent(),
        createdAt: at(0),
        actor: null as { source: 'console'; email: string } | null,
        changed: [] as string[],
        source: 'default',
        restoredFrom: null as number | null,
      },
    ],
    draft: null as Draft | null,
    /** What a change must name: every save, discard and publish moves it, as the server's does. */
    revision: 0,
    /** Set by a test: the next save is refused as if this had been saved meanwhile by someone else. */
    otherSave: null as Draft | null,
    /** Set by a test: the next save is refused with these problems (the server's checks beyond the schema). */
    problems: null as { path: string; message: string }[] | null,
    calls: [] as { method: string; path: string; ifMatch?: string; params: Record<string, unknown> }[],
  }
  const latest = () => {
    const [newest] = server.versions
    if (!newest) throw new Error('the store always has version 1')
    return newest
  }
  const conflict = () =>
    refusal(409, 'document_update_conflict', 'Otra persona guardó el borrador.', { current: server.draft })
  const revisionMatches = (ifMatch: string | undefined) => ifMatch === `"${server.revision}"`

  client.call.mockImplementation(
    async (method: string, url: URL, headers: Record<string, string>, params: Record<string, unknown>) => {
      const path = url.pathname.replace('/v1/store/storefront', '')
      server.calls.push({ method, path, ifMatch: headers['if-match'], params })
      if (method === 'GET' && path === '')
        return { revision: server.revision, published: { ...latest() }, draft: server.draft }
      if (method === 'PUT' && path === '/draft') {
        if (server.otherSave) {
          ;[server.draft, server.otherSave] = [server.otherSave, null]
          server.revision = server.draft.revision
        }
        if (!revisionMatches(headers['if-match'])) throw conflict()
        const parsed = storefrontContentSchema.safeParse(params.content)
        if (server.problems) {
          const problems = server.problems
          server.problems = null
          throw refusal(400, 'document_invalid_structure', 'El contenido tiene problemas.', { problems })
        }
        if (!parsed.success)
          throw refusal(400, 'document_invalid_structure', 'El contenido tiene problemas.', {
            problems: parsed.error.issues.map((issue) => ({
              path: serverPath(issue.path.join('.')),
              message: `servidor: ${issue.message}`,
            })),
          })
        server.revision += 1
        server.draft = {
          revision: server.revision,
          baseVersion: latest().version,
          content: parsed.data,
          updatedAt: at(5),
          updatedBy: ADMIN,
        }
        return server.draft
      }
      if (method === 'DELETE' && path === '/draft') {
        if (server.draft) server.revision += 1
        server.draft = null
        return { message: '' }
      }
      if (method === 'POST' && path === '/publish') {
        if (!server.draft || !revisionMatches(headers['if-match'])) throw conflict()
        const changed = changedPaths(latest().content, server.draft.content).map(serverPath)
        const version = { ...latest(), version: latest().version + 1, content: server.draft.content, changed }
        Object.assign(version, {
          source: 'publish',
          actor: { source: 'console', email: ADMIN },
          createdAt: at(9),
        })
        server.versions.unshift(version)
        server.draft = null
        server.revision += 1
        return { ...version, content: undefined, live: true }
      }
      if (method === 'GET' && path === '/versions') {
        const offset = Number(params.offset ?? 0)
        const limit = Number(params.limit ?? 25)
        const page = server.versions
          .slice(offset, offset + limit)
          .map(({ content: _content, ...rest }) => rest)
        return { total: server.versions.length, versions: page }
      }
      const restore = /^\/versions\/(\d+)\/restore$/.exec(path)
      if (method === 'POST' && restore) {
        const from = server.versions.find((version) => version.version === Number(restore[1]))
        if (!from) throw new Error(`no version ${restore[1]}`)
        const version = {
          ...from,
          version: latest().version + 1,
          changed: changedPaths(latest().content, from.content).map(serverPath),
          source: 'restore',
          restoredFrom: from.version,
          createdAt: at(20),
        }
        server.versions.unshift(version)
        if (!server.draft) server.revision += 1
        return { ...version, content: undefined, draftKept: server.draft !== null, live: true }
      }
      if (method === 'GET' && path === '/preview') {
        const content = server.draft?.content ?? latest().content
        const lang = params.lang === 'en' ? 'en' : 'es'
        return {
          message: `<!doctype html><html lang="${lang}"><body><h1>${String(params.page)}</h1><p>${content.landing.offer.price.amount} ${content.landing.offer.price.currency}</p></body></html>`,
        }
      }
      throw new Error(`no answer for ${method} ${url.pathname}`)
    },
  )
  // The catalogue's search, for the carousel's picker.
  databases.listDocuments.mockResolvedValue({
    total: 1,
    documents: [{ $id: 'demo-0007', title: 'Detector de fraudes', subtitle: 'Con visión por computadora' }],
  })
  return server
}

/** The admin the console's frame is drawn for: two-step verification on, so no enrolment gate (issue 43). */
const adminSession: Session = {
  user: { id: 'admin-1', name: 'Olga', email: ADMIN, labels: ['admin'], mfa: true },
  status: 'signedIn',
  signedOutByMember: false,
  signIn: async () => undefined,
  signInWithToken: async () => undefined,
  confirmSecondFactor: async () => undefined,
  signOut: async () => undefined,
}

/** The console's frame with the storefront page at `path`, and another page to leave to. */
export function renderStorefront(path = '/admin/storefront', options: { fakeTimers?: boolean } = {}) {
  const router = createMemoryRouter(
    [
      {
        path: '/admin',
        Component: ConsoleLayout,
        children: [
          { path: 'storefront', Component: StorefrontRoute },
          { path: 'orders', element: <p>Pedidos</p> },
        ],
      },
    ],
    { initialEntries: [path] },
  )
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  const user = userEvent.setup(options.fakeTimers ? { advanceTimers: vi.advanceTimersByTime } : {})
  render(
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <SessionContext value={adminSession}>
          <RouterProvider router={router} />
        </SessionContext>
      </I18nextProvider>
    </QueryClientProvider>,
  )
  return { router, user }
}
