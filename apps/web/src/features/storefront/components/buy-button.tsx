import { useTranslation } from 'react-i18next'
import { useStorefront } from '../../../lib/storefront-content'
import { useCheckoutUrl } from '../checkout'

const base =
  'inline-flex items-center justify-center gap-2 rounded-xl px-6 py-3.5 text-base font-semibold shadow-sm transition-colors'
const tones = {
  light: 'bg-blue-600 text-white hover:bg-blue-700 active:bg-blue-800',
  dark: 'bg-amber-400 text-slate-950 hover:bg-amber-300 active:bg-amber-500',
}

/**
 * The buy button: to the configured checkout, or, when the store has none yet, to the pricing section
 * with a note saying so (the page never pretends that a purchase is possible).
 */
export function BuyButton({
  tone = 'light',
  inPricing = false,
  className = '',
}: {
  tone?: keyof typeof tones
  /** Inside the pricing section a link to that very section would lead nowhere: only the note shows. */
  inPricing?: boolean
  className?: string
}) {
  const { t } = useTranslation()
  const { buyLabel } = useStorefront().landing
  const checkoutUrl = useCheckoutUrl()
  if (checkoutUrl) {
    return (
      // `data-buy`: the storefront counts its clicks and adds the visit's campaign (visit-beacons.ts).
      <a href={checkoutUrl} data-buy="" className={`${base} ${tones[tone]} ${className}`}>
        {buyLabel}
      </a>
    )
  }
  const note = (
    <p className={`max-w-sm text-sm ${tone === 'dark' ? 'text-blue-100' : 'text-slate-600'}`}>
      {t('landing.buy.unavailableNote')}
    </p>
  )
  if (inPricing)
    return <div className={`rounded-xl bg-amber-50 p-4 ring-1 ring-amber-200 ${className}`}>{note}</div>
  return (
    <div className={`flex flex-col gap-2 ${className}`}>
      <a href="#pricing" className={`${base} ${tones[tone]}`}>
        {t('landing.buy.unavailable')}
      </a>
      {note}
    </div>
  )
}
