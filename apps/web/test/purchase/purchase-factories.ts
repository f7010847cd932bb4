import type { Purchase, PurchaseOrder } from '@pg/shared/purchase'

/** An order as `GET /v1/store/purchase` sends it: paid today, downloadable, with overrides. */
export function anOrder(overrides: Partial<PurchaseOrder> = {}): PurchaseOrder {
  return {
    $id: 'order-1',
    product: '',
    provider: 'stripe',
    status: 'paid',
    purchasedAt: '2026-03-15T12:00:00.000Z',
    amount: 2500,
    currency: 'USD',
    download: {
      available: true,
      reason: null,
      expiresAt: '2026-03-30T12:00:00.000Z',
      used: 2,
      limit: 10,
    },
    ...overrides,
  }
}

/** A download that is gone for `reason`. */
export const unavailable = (
  reason: PurchaseOrder['download']['reason'],
  used = 0,
): PurchaseOrder['download'] => ({
  available: false,
  reason,
  expiresAt: '2026-03-30T12:00:00.000Z',
  used,
  limit: 10,
})

export function aPurchase(overrides: Partial<Purchase> = {}): Purchase {
  return {
    orders: [anOrder()],
    bonuses: [
      { id: 'bonus1', url: 'https://drive.example.com/n8n-course' },
      { id: 'bonus2', url: null },
    ],
    supportEmail: 'ayuda@tienda.example.com',
    ...overrides,
  }
}
