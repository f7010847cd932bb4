import { useTranslation } from 'react-i18next'
import type { Purchase } from '@pg/shared/purchase'
import { isHttpUrl } from '@pg/shared/urls'
import { buttonClass } from '../../../components/ui/button'
import { ExternalLinkIcon } from '../../../components/ui/icons'
import { useStorefront } from '../../../lib/storefront-content'

/**
 * Bono 1 and Bono 2 as the landing page sells them (the owner's first two bonuses), each with its link
 * once the owner has set it.
 */
export function BonusList({ bonuses }: { bonuses: Purchase['bonuses'] }) {
  const { t } = useTranslation()
  const sold = useStorefront().landing.offer.bonuses
  if (bonuses.length === 0) return null
  return (
    <section aria-labelledby="purchase-bonuses">
      <h3 id="purchase-bonuses" className="mb-3 text-lg font-semibold text-slate-900">
        {t('purchase.bonuses.heading')}
      </h3>
      <ul className="grid gap-4 sm:grid-cols-2">
        {bonuses.map((bonus) => {
          const number = bonus.id === 'bonus1' ? 1 : 2
          const content = sold[number - 1]
          // A bonus the landing page no longer lists keeps a name of its own.
          const name = content?.name || t('purchase.bonuses.name', { number })
          // Only an http(s) address is ever a link (the schema checks it too).
          const url = bonus.url && isHttpUrl(bonus.url) ? bonus.url : null
          return (
            <li
              key={bonus.id}
              className="flex flex-col rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6"
            >
              <h4 className="font-semibold text-slate-900">{name}</h4>
              <p className="mt-1 flex-1 text-sm text-slate-600">{content?.description}</p>
              {url ? (
                <a
                  href={url}
                  target="_blank"
                  rel="noopener noreferrer"
                  className={`${buttonClass('secondary')} mt-4 self-start`}
                >
                  <ExternalLinkIcon className="size-4" />
                  {t('purchase.bonuses.open')}
                  <span className="sr-only">
                    {' '}
                    {name} {t('project.opensInNewTab')}
                  </span>
                </a>
              ) : (
                <p className="mt-4 text-sm font-medium text-slate-700">{t('purchase.bonuses.soon')}</p>
              )}
            </li>
          )
        })}
      </ul>
    </section>
  )
}
