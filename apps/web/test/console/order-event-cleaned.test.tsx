import { render, screen } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import type { OrderEvent } from '../../src/features/console-orders/api/orders-api'
import { EventCleaned } from '../../src/features/console-orders/components/order-detail'
import { loadConsoleTexts } from '../../src/lib/console/console-texts'
import { showLanguage } from '../../src/lib/i18n'

/** A delivery's event as the server sends it, with the fields the store had to clean (issue 34). */
const event = (cleaned?: OrderEvent['summary']['cleaned']): OrderEvent => ({
  eventId: 'evt_1',
  type: 'checkout.session.completed',
  ownerEvent: null,
  status: 'paid',
  occurredAt: '2026-03-15T10:00:00.000Z',
  receivedAt: '2026-03-15T10:00:01.000Z',
  summary: { buyer: 'ana@example.com', ...(cleaned ? { cleaned } : {}) },
  access: 'granted',
  accessDetail: [],
})

describe('an event the store had to clean', () => {
  beforeEach(() => loadConsoleTexts())

  it('says which fields, in the console’s language', async () => {
    const { rerender } = render(<EventCleaned event={event(['name', 'occurredAt'])} />)
    expect(
      screen.getByText(/^The store could not keep the name and the date as the provider sent it/),
    ).toBeVisible()
    await showLanguage('es')
    rerender(<EventCleaned event={event(['amount'])} />)
    expect(
      screen.getByText(/^La tienda no pudo guardar el importe tal como lo envió el proveedor/),
    ).toBeVisible()
  })

  it('says nothing when nothing was cleaned', () => {
    const { container } = render(<EventCleaned event={event()} />)
    expect(container).toBeEmptyDOMElement()
  })
})
