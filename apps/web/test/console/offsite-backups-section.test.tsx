import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { AppwriteException } from 'appwrite'
import { I18nextProvider } from 'react-i18next'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { OffsiteBackupStatus } from '@pg/shared/offsite-backups'
import { OffsiteBackupsSection } from '../../src/features/console-settings/components/offsite-backups-section'
import { loadConsoleTexts } from '../../src/lib/console/console-texts'
import { i18n, showLanguage } from '../../src/lib/i18n'
import { client, resetFakeBackend } from '../support/fake-backend'

// The console's calls build their address from the SDK's endpoint, which the shared fake leaves out.
vi.mock('../../src/lib/backend', async () => ({
  ...(await import('../support/fake-backend')),
  endpoint: 'http://localhost:3000/v1',
}))

const BACKUPS_URL = 'http://localhost:3000/v1/store/backups'
const local = {
  name: 'gallery-daily-20261128T101000000Z.tar.gz',
  at: '2026-11-28T10:10:00.000Z',
  bytes: 12_345_678,
}

/** As `GET /v1/store/backups` answers (packages/shared/src/offsite-backups.ts), with overrides. */
const aStatus = (overrides: Partial<OffsiteBackupStatus> = {}): OffsiteBackupStatus => ({
  configured: true,
  destination: 's3://copias-tienda/gallery/ at s3.eu-west-1.amazonaws.com',
  problem: null,
  lastLocal: local,
  lastOffsite: { ...local, uploadedAt: '2026-11-28T10:11:00.000Z' },
  pending: 0,
  lastError: null,
  running: false,
  ...overrides,
})
const notConfigured = aStatus({
  configured: false,
  destination: null,
  lastLocal: null,
  lastOffsite: null,
})
const refused: NonNullable<OffsiteBackupStatus['lastError']> = {
  name: 'gallery-daily-20261129T101000000Z.tar.gz',
  at: '2026-11-29T10:12:00.000Z',
  reason: 'refusedKeys',
  detail: 'The bucket refused the access key: check BACKUP_S3_ACCESS_KEY_ID.',
  attempts: 3,
  nextAttemptAt: '2026-11-29T11:12:00.000Z',
}
const failing = aStatus({
  lastLocal: { ...local, name: refused.name, at: '2026-11-29T10:10:00.000Z' },
  pending: 1,
  lastError: refused,
})

/** The server's answers: `GET` from `answers` in turn (the last one kept), `POST` from `started`. */
function serve(answers: OffsiteBackupStatus[], started?: () => Promise<OffsiteBackupStatus>) {
  const queue = [...answers]
  client.call.mockImplementation((method: string) => {
    if (method === 'POST' && started) return started()
    return Promise.resolve(queue.length > 1 ? queue.shift() : queue[0])
  })
}
const getCalls = () => client.call.mock.calls.filter(([method]) => method === 'GET').length

function renderSection(options: Parameters<typeof userEvent.setup>[0] = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  render(
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <OffsiteBackupsSection />
      </I18nextProvider>
    </QueryClientProvider>,
  )
  return userEvent.setup(options)
}

beforeEach(async () => {
  resetFakeBackend()
  await loadConsoleTexts()
})

afterEach(() => {
  vi.useRealTimers()
})

describe('off-site backups on the console’s Settings page', () => {
  it('says they are not set up, and the button cannot be used', async () => {
    await showLanguage('es')
    serve([notConfigured])
    renderSection()
    const section = await screen.findByRole('region', { name: 'Copias de seguridad fuera de este servidor' })
    expect(
      await within(section).findByText(/^No configuradas: define BACKUP_S3_BUCKET y BACKUP_PASSPHRASE/),
    ).toBeInTheDocument()
    expect(section).toHaveTextContent(
      'Las copias se cifran con tu clave antes de salir del servidor. Si pierdes la clave (BACKUP_PASSPHRASE), pierdes las copias.',
    )
    expect(section).toHaveTextContent('Última copia en este servidorTodavía ninguna.')
    expect(within(section).getByRole('button', { name: 'Copia de seguridad ahora' })).toBeDisabled()
    const [method, url] = client.call.mock.calls[0] ?? []
    expect([method, String(url)]).toEqual(['GET', BACKUPS_URL])
  })

  it('says they are not set up, in English', async () => {
    await showLanguage('en')
    serve([notConfigured])
    renderSection()
    const section = await screen.findByRole('region', { name: 'Off-site backups' })
    expect(
      await within(section).findByText(/^Not set up: set BACKUP_S3_BUCKET and BACKUP_PASSPHRASE/),
    ).toBeInTheDocument()
    expect(section).toHaveTextContent('If you lose the key (BACKUP_PASSPHRASE), you lose the backups.')
    expect(within(section).getByRole('button', { name: 'Back up now' })).toBeDisabled()
  })

  it('shows where they go and the last one here and in the bucket, with dates and sizes', async () => {
    await showLanguage('es')
    serve([aStatus()])
    renderSection()
    const section = await screen.findByRole('region', { name: 'Copias de seguridad fuera de este servidor' })
    expect(
      await within(section).findByText('s3://copias-tienda/gallery/ at s3.eu-west-1.amazonaws.com'),
    ).toBeInTheDocument()
    expect(section).toHaveTextContent(
      /Última copia en este servidorgallery-daily-20261128T101000000Z\.tar\.gzHecha el 28 nov 2026, \d\d:10, 12,3 MB\./,
    )
    expect(section).toHaveTextContent(/Última copia subida al bucketgallery-daily-.*Subida el 28 nov 2026/)
    expect(section).toHaveTextContent('Copias pendientes de subir0')
    expect(section).not.toHaveTextContent('Último fallo')
    expect(within(section).getByRole('button', { name: 'Copia de seguridad ahora' })).toBeEnabled()
    expect(within(section).getByRole('status')).toHaveTextContent(/^$/)
  })

  it('shows the last ones in English', async () => {
    await showLanguage('en')
    serve([aStatus()])
    renderSection()
    const section = await screen.findByRole('region', { name: 'Off-site backups' })
    expect(
      await within(section).findByText(/^Made on Nov 28, 2026, \d+:10 [AP]M, 12\.3 MB\.$/),
    ).toBeInTheDocument()
    expect(section).toHaveTextContent(
      /Latest backup uploaded to the bucketgallery-daily-.*Uploaded on Nov 28, 2026/,
    )
    expect(section).toHaveTextContent('Backups waiting to be uploaded0')
    expect(within(section).getByRole('button', { name: 'Back up now' })).toBeEnabled()
  })

  it('says why uploads fail in the owner’s words, how many attempts and when the next is', async () => {
    await showLanguage('es')
    serve([failing])
    renderSection()
    const section = await screen.findByRole('region', { name: 'Copias de seguridad fuera de este servidor' })
    expect(await within(section).findByText(/^El bucket rechazó las claves/)).toBeInTheDocument()
    expect(section).toHaveTextContent('Copias pendientes de subir1')
    expect(section).toHaveTextContent(
      /Falló el 29 nov 2026, \d\d:12 \(3 intentos\)\. Próximo intento: 29 nov 2026/,
    )
    expect(section).not.toHaveTextContent('The bucket refused')
    expect(within(section).getByRole('button', { name: 'Copia de seguridad ahora' })).toBeEnabled()
  })

  it('says why in English, and gives the server’s own words for another problem', async () => {
    await showLanguage('en')
    const other = {
      ...refused,
      reason: 'other' as const,
      detail: 'The bucket answered 507 Insufficient Storage.',
      nextAttemptAt: null,
    }
    serve([aStatus({ lastError: other })])
    renderSection()
    const section = await screen.findByRole('region', { name: 'Off-site backups' })
    expect(await within(section).findByText('The bucket answered 507 Insufficient Storage.')).toHaveAttribute(
      'lang',
      'en',
    )
    expect(section).toHaveTextContent('Another problem uploading it. As the server says it:')
    expect(section).toHaveTextContent('(3 attempts). This backup will not be tried again.')
  })

  it('cannot back up without the key, and says so', async () => {
    await showLanguage('en')
    serve([aStatus({ problem: 'noKey', lastOffsite: null })])
    renderSection()
    const section = await screen.findByRole('region', { name: 'Off-site backups' })
    expect(
      await within(section).findByText('BACKUP_PASSPHRASE is missing: backups never leave unencrypted.'),
    ).toBeInTheDocument()
    expect(within(section).getByRole('button', { name: 'Back up now' })).toBeDisabled()
  })

  it('backs up now, asks every 2 s while it runs, says it uploaded, then stops asking', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    await showLanguage('es')
    const done = aStatus({
      lastLocal: { ...local, name: 'gallery-manual-20261130T090000000Z.tar.gz' },
      lastOffsite: {
        ...local,
        name: 'gallery-manual-20261130T090000000Z.tar.gz',
        uploadedAt: '2026-11-30T09:01:00.000Z',
      },
    })
    serve([aStatus(), aStatus({ running: true }), done], () => Promise.resolve(aStatus({ running: true })))
    const user = renderSection({ advanceTimers: vi.advanceTimersByTime })
    const section = await screen.findByRole('region', { name: 'Copias de seguridad fuera de este servidor' })
    const button = await within(section).findByRole('button', { name: 'Copia de seguridad ahora' })
    await user.click(button)
    expect(await within(section).findByRole('status')).toHaveTextContent('Haciendo la copia y subiéndola…')
    expect(button).toBeDisabled()
    const post = client.call.mock.calls.find(([method]) => method === 'POST') ?? []
    expect([post[0], String(post[1]), post[3]]).toEqual(['POST', BACKUPS_URL, {}])

    const before = getCalls()
    await act(() => vi.advanceTimersByTimeAsync(2000))
    expect(getCalls()).toBe(before + 1)
    expect(within(section).getByRole('status')).toHaveTextContent('Haciendo la copia y subiéndola…')
    await act(() => vi.advanceTimersByTimeAsync(2000))
    expect(within(section).getByRole('status')).toHaveTextContent(
      'Copia de seguridad subida: gallery-manual-20261130T090000000Z.tar.gz',
    )
    expect(button).toBeEnabled()
    const after = getCalls()
    await act(() => vi.advanceTimersByTimeAsync(6000))
    expect(getCalls()).toBe(after)
  })

  it('says in English when a run it watched failed, from the last error', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    await showLanguage('en')
    serve([aStatus({ running: true }), failing])
    renderSection()
    const section = await screen.findByRole('region', { name: 'Off-site backups' })
    expect(await within(section).findByRole('status')).toHaveTextContent(
      'Making the backup and uploading it…',
    )
    expect(within(section).getByRole('button', { name: 'Back up now' })).toBeDisabled()
    await act(() => vi.advanceTimersByTimeAsync(2000))
    expect(within(section).getByRole('status')).toHaveTextContent(
      'The backup gallery-daily-20261129T101000000Z.tar.gz could not be uploaded. The bucket refused the keys',
    )
  })

  it('shows the server’s refusal as an alert', async () => {
    await showLanguage('es')
    serve([aStatus()], () =>
      Promise.reject(
        new AppwriteException(
          'Las copias fuera del servidor no están configuradas.',
          400,
          'general_argument_invalid',
        ),
      ),
    )
    const user = renderSection()
    const section = await screen.findByRole('region', { name: 'Copias de seguridad fuera de este servidor' })
    await user.click(await within(section).findByRole('button', { name: 'Copia de seguridad ahora' }))
    expect(await within(section).findByRole('alert')).toHaveTextContent(
      'Las copias fuera del servidor no están configuradas.',
    )
    expect(within(section).getByRole('status')).toHaveTextContent(/^$/)
  })
})
