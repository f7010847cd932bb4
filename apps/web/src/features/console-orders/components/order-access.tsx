import { ACCESS_SOURCES, IGNORED_REASONS, PRODUCT_SETTINGS, type OrderAccess } from '@pg/shared/purchase'
import { useTranslation } from 'react-i18next'

const tones: Record<OrderAccess | 'none', string> = {
  granted: 'bg-emerald-50 text-emerald-900 ring-emerald-300',
  ended: 'bg-red-50 text-red-900 ring-red-300',
  kept: 'bg-sky-50 text-sky-900 ring-sky-300',
  ignored: 'bg-amber-50 text-amber-900 ring-amber-300',
  none: 'bg-slate-100 text-slate-800 ring-slate-300',
}

/** What an order did to its buyer's access, as a word (the colour only repeats it). */
export function OrderAccessBadge({ access }: { access: OrderAccess | null }) {
  const { t } = useTranslation()
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset ${tones[access ?? 'none']}`}
    >
      {t(`consoleOrders.accesses.${access ?? 'none'}`)}
    </span>
  )
}

const isProvider = (provider: string): provider is keyof typeof PRODUCT_SETTINGS =>
  Object.hasOwn(PRODUCT_SETTINGS, provider)

/**
 * Why: what kept access (the owner's grant, the admin label, another paid order), or why the order was
 * ignored (its product, its email, nothing paid), in the page's language; nothing for the others.
 */
export function useAccessReason(): (
  order: { provider: string },
  access: OrderAccess | null,
  detail: string[],
) => string | null {
  const { t, i18n } = useTranslation()
  const list = new Intl.ListFormat(i18n.language, { type: 'conjunction' })
  return (order, access, detail) => {
    if (access === 'kept') {
      const sources = ACCESS_SOURCES.filter((source) => detail.includes(source))
      return t('consoleOrders.keptBy', {
        sources: list.format(sources.map((source) => t(`consoleOrders.accessSources.${source}`))),
      })
    }
    if (access === 'ignored') {
      const setting = isProvider(order.provider) ? PRODUCT_SETTINGS[order.provider] : ''
      const reasons = IGNORED_REASONS.filter((reason) => detail.includes(reason))
      return t('consoleOrders.ignoredBecause', {
        reasons: list.format(
          reasons.map((reason) => t(`consoleOrders.ignoredReasons.${reason}`, { setting })),
        ),
      })
    }
    return null
  }
}
