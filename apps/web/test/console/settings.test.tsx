import { render, screen, within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { loadConsoleTexts } from '../../src/lib/console/console-texts'
import type { ReadinessItem } from '../../src/features/console-settings/api/settings-api'
import { SettingsTable } from '../../src/features/console-settings/components/settings-table'
import { settingLine } from '../../src/features/console-settings/model/setting-line'
import { showLanguage } from '../../src/lib/i18n'

/** Lines as apps/server/src/console/store-readiness.ts writes them (decisions 040 and 066). */
const items: ReadinessItem[] = [
  {
    key: 'PUBLIC_ORIGIN',
    status: 'missing',
    detail: 'http://tienda.example:8080: buyers should reach the store over https.',
    value: 'http://tienda.example:8080',
    state: { text: 'notHttps' },
  },
  {
    key: 'CHECKOUT_URL',
    status: 'missing',
    detail: 'Not set: the buy buttons say that checkout is not configured.',
    value: null,
    state: { text: 'notSet' },
  },
  {
    key: 'SUPPORT_EMAIL',
    status: 'ok',
    detail: 'ayuda@tienda.example.com',
    value: 'ayuda@tienda.example.com',
    state: null,
  },
  {
    key: 'payments',
    status: 'ok',
    detail: 'Webhooks configured: stripe, hotmart.',
    value: null,
    state: { text: 'paymentsOk', providers: ['stripe', 'hotmart'] },
  },
  {
    key: 'SMTP_URL',
    status: 'ok',
    detail: 'smtp://127.0.0.1:2525',
    value: 'smtp://127.0.0.1:2525',
    state: null,
  },
  {
    key: 'backups',
    status: 'ok',
    detail: 'Daily, the last 7 kept; latest: store-daily-2026-03-15.tar.gz',
    value: null,
    state: { text: 'backupsLatest', file: 'store-daily-2026-03-15.tar.gz' },
  },
  {
    key: 'download-file',
    status: 'missing',
    detail: '/srv/bundle.zip: no such file',
    value: '/srv/bundle.zip',
    state: { text: 'fileMissing' },
  },
  {
    key: 'bonus-1-url',
    status: 'ok',
    detail: 'https://cursos.example.com/n8n',
    value: 'https://cursos.example.com/n8n',
    state: null,
  },
  {
    key: 'bonus-2-url',
    status: 'missing',
    detail: 'no link; “My purchase” shows this bonus without one',
    value: null,
    state: { text: 'notSet' },
  },
  {
    key: 'NEW_THING',
    status: 'missing',
    detail: 'Something new the page does not know.',
    value: null,
    state: null,
  },
]

describe('a setting’s line', () => {
  it('keeps the value the server shows and says its state in the page’s words', () => {
    expect(
      items.map(settingLine).map(({ key, value, state, serverText }) => ({ key, value, state, serverText })),
    ).toEqual([
      {
        key: 'PUBLIC_ORIGIN',
        value: 'http://tienda.example:8080',
        state: { text: 'notHttps' },
        serverText: null,
      },
      { key: 'CHECKOUT_URL', value: null, state: { text: 'notSet' }, serverText: null },
      { key: 'SUPPORT_EMAIL', value: 'ayuda@tienda.example.com', state: null, serverText: null },
      {
        key: 'payments',
        value: null,
        state: { text: 'paymentsOk', providers: ['stripe', 'hotmart'] },
        serverText: null,
      },
      { key: 'SMTP_URL', value: 'smtp://127.0.0.1:2525', state: null, serverText: null },
      {
        key: 'backups',
        value: null,
        state: { text: 'backupsLatest', file: 'store-daily-2026-03-15.tar.gz' },
        serverText: null,
      },
      { key: 'download-file', value: '/srv/bundle.zip', state: { text: 'fileMissing' }, serverText: null },
      { key: 'bonus-1-url', value: 'https://cursos.example.com/n8n', state: null, serverText: null },
      { key: 'bonus-2-url', value: null, state: { text: 'notSet' }, serverText: null },
      { key: 'NEW_THING', value: null, state: null, serverText: 'Something new the page does not know.' },
    ])
    const postgres: ReadinessItem = {
      key: 'backups',
      status: 'info',
      detail: 'On PostgreSQL …',
      value: null,
      state: { text: 'backupsPostgres' },
    }
    expect(settingLine(postgres).state).toEqual({ text: 'backupsPostgres' })
  })
})

describe('the products that grant access (decision 057)', () => {
  /** The three lines as store-readiness.ts writes them: set, unset with the webhook on, unset with it off. */
  const products: ReadinessItem[] = [
    {
      key: 'STRIPE_PAYMENT_LINK_IDS',
      status: 'ok',
      detail: 'plink_1Bundle, plink_1BundleEs',
      value: 'plink_1Bundle, plink_1BundleEs',
      state: null,
    },
    {
      key: 'HOTMART_PRODUCT_IDS',
      status: 'missing',
      detail: 'Not set: every paid hotmart order on the account grants access.',
      value: null,
      state: { text: 'notSet' },
    },
    {
      key: 'LEMONSQUEEZY_PRODUCT_IDS',
      status: 'info',
      detail: 'Not set: every paid lemonsqueezy order would grant access once its webhook is on.',
      value: null,
      state: { text: 'productsWebhookOff' },
    },
  ]

  beforeEach(async () => {
    await loadConsoleTexts()
    await showLanguage('es')
  })

  it('shows the ids set, and says in the page’s words what an unset list means', () => {
    expect(products.map(settingLine).map(({ id, value, state }) => ({ id, value, state }))).toEqual([
      { id: 'stripeProducts', value: 'plink_1Bundle, plink_1BundleEs', state: null },
      { id: 'hotmartProducts', value: null, state: { text: 'notSet' } },
      { id: 'lemonsqueezyProducts', value: null, state: { text: 'productsWebhookOff' } },
    ])
    render(<SettingsTable items={products} />)
    const table = screen.getByRole('table', { name: 'Ajustes de la tienda y su estado' })
    const row = (name: RegExp) => within(table).getByRole('row', { name })
    expect(row(/Payment Links de Stripe/)).toHaveTextContent('Configuradoplink_1Bundle, plink_1BundleEs')
    expect(row(/Productos de Hotmart/)).toHaveTextContent(
      'FaltaSin definir: cualquier pedido pagado de tu cuenta de Hotmart da acceso',
    )
    expect(row(/Productos de Lemon Squeezy/)).toHaveTextContent('NotaSin definir. Su webhook está apagado')
  })
})

describe('the settings table', () => {
  beforeEach(async () => {
    await loadConsoleTexts()
    await showLanguage('es')
  })

  it('names each setting, says its state with an icon and a word, and marks the server’s English', () => {
    render(<SettingsTable items={items} />)
    const table = screen.getByRole('table', { name: 'Ajustes de la tienda y su estado' })
    const row = (name: RegExp) => within(table).getByRole('row', { name })
    expect(row(/Página de pago/)).toHaveTextContent('Falta')
    expect(row(/Página de pago/)).toHaveTextContent(
      'los botones de compra dicen que el pago no está configurado',
    )
    expect(row(/Proveedores de pago/)).toHaveTextContent('ConfiguradoWebhooks configurados: Stripe, Hotmart.')
    expect(row(/Archivo de descarga/)).toHaveTextContent('/srv/bundle.zipEse archivo no existe.')
    expect(within(row(/NEW_THING/)).getByText('Something new the page does not know.')).toHaveAttribute(
      'lang',
      'en',
    )
  })
})

describe('the off-site backups’ line (issue 42)', () => {
  /** The line's five states as store-readiness.ts writes them: the destination as its value once set. */
  const destination = 's3://copias-tienda/gallery/'
  const offsite = (status: ReadinessItem['status'], state: ReadinessItem['state']): ReadinessItem => ({
    key: 'offsite-backups',
    status,
    detail: 'As the server words it for the admin CLI.',
    value: state?.text === 'offsiteNotSet' ? null : destination,
    state,
  })
  const lines: ReadinessItem[] = [
    offsite('info', { text: 'offsiteNotSet' }),
    offsite('missing', { text: 'offsiteNoKey' }),
    offsite('ok', { text: 'offsiteNoneYet', destination: 's3://copias-tienda/gallery/' }),
    offsite('ok', {
      text: 'offsiteLatest',
      destination: 's3://copias-tienda/gallery/',
      name: 'gallery-daily-20261128T101000000Z.tar.gz',
      at: '2026-11-28T10:11:00.000Z',
    }),
    offsite('missing', {
      text: 'offsiteFailing',
      reason: 'privateAddress',
      attempts: 4,
      since: '2026-11-27T10:10:00.000Z',
    }),
  ]
  const postgres: ReadinessItem = {
    key: 'backups',
    status: 'info',
    detail: 'On PostgreSQL …',
    value: null,
    state: { text: 'backupsPostgres' },
  }

  /** A line alone in the table (the server sends one line a key), as its row reads. */
  function rowText(item: ReadinessItem, name: RegExp) {
    const { unmount } = render(<SettingsTable items={[item]} />)
    const text = screen.getByRole('row', { name }).textContent
    unmount()
    return text
  }

  beforeEach(() => loadConsoleTexts())

  it('is named and says each state in Spanish', async () => {
    await showLanguage('es')
    expect(lines.map((line) => settingLine(line).id)).toEqual(Array(5).fill('offsiteBackups'))
    const rows = lines.map((line) => rowText(line, /^Copias fuera del servidor/))
    expect(rows[0]).toContain('NotaSin configurar: las copias se quedan solo en este servidor')
    expect(rows[1]).toContain(
      'Faltas3://copias-tienda/gallery/Falta BACKUP_PASSPHRASE: las copias nunca salen sin cifrar',
    )
    expect(rows[2]).toContain(
      'ConfiguradoSe suben cifradas a s3://copias-tienda/gallery/; todavía no se subió ninguna.',
    )
    expect(rows[3]).toMatch(
      /Se suben cifradas a s3:\/\/copias-tienda\/gallery\/\. La última, del 28 nov 2026, \d\d:11: gallery-daily-20261128T101000000Z\.tar\.gz/,
    )
    expect(rows[4]).toMatch(
      /Faltas3:\/\/copias-tienda\/gallery\/Las subidas fallan desde el 27 nov 2026, \d\d:10 \(4 intentos\): .*es una dirección privada; si es tuya, define BACKUP_S3_ALLOW_PRIVATE=1\./,
    )
    expect(rowText(postgres, /^Copias de seguridad/)).toContain(
      'En PostgreSQL, la tienda hace la copia diaria solo si configuras las copias fuera del servidor (BACKUP_S3_*)',
    )
  })

  it('is named and says each state in English', async () => {
    await showLanguage('en')
    const rows = lines.map((line) => rowText(line, /^Off-site backups/))
    expect(rows[0]).toContain('NoteNot set: backups stay on this server only')
    expect(rows[1]).toContain(
      'Missings3://copias-tienda/gallery/BACKUP_PASSPHRASE is missing: backups never leave unencrypted',
    )
    expect(rows[2]).toContain('Set upUploaded, encrypted, to s3://copias-tienda/gallery/; none uploaded yet.')
    expect(rows[3]).toMatch(
      /The latest, from Nov 28, 2026, \d+:11 [AP]M: gallery-daily-20261128T101000000Z\.tar\.gz/,
    )
    expect(rows[4]).toMatch(
      /Missings3:\/\/copias-tienda\/gallery\/Uploads have failed since Nov 27, 2026, \d+:10 [AP]M \(4 attempts\): .*set BACKUP_S3_ALLOW_PRIVATE=1\./,
    )
    expect(rows.join('')).not.toContain('As the server words it')
    expect(rowText(postgres, /^Backups/)).toContain(
      'On PostgreSQL, the store makes the daily backup only if you set up off-site backups (BACKUP_S3_*)',
    )
  })
})
