import type { PaymentProvider, ProviderName } from '../order-event'
import { hotmartProvider } from './hotmart'
import { lemonSqueezyProvider } from './lemon-squeezy'
import { stripeProvider } from './stripe'

/** Every provider the store takes payments from; adding one is its file, a line here and its tests. */
export const PAYMENT_PROVIDERS: Record<ProviderName, PaymentProvider> = {
  stripe: stripeProvider,
  hotmart: hotmartProvider,
  lemonsqueezy: lemonSqueezyProvider,
}
