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
