import { z } from 'zod'

/**
 * Whether this browser shows the console's sale notices, as the owner last switched them. Storage may be
 * unavailable (privacy modes) or hold anything another version or page wrote: all but `off` is on.
 */
export const SALE_NOTICES_KEY = 'console.saleNotices'

const storedSchema = z.enum(['on', 'off']).catch('on')

export function readSaleNoticesOn(): boolean {
  try {
    return storedSchema.parse(localStorage.getItem(SALE_NOTICES_KEY)) === 'on'
  } catch {
    return true
  }
}

export function storeSaleNoticesOn(on: boolean): void {
  try {
    localStorage.setItem(SALE_NOTICES_KEY, on ? 'on' : 'off')
  } catch {
    // Without storage the choice lasts while the page is open; nothing to report.
  }
}
