import { Link } from 'react-router'
import { useTranslation } from 'react-i18next'
import { belowTheFold } from './below-the-fold'
import { BuyButton } from './buy-button'
import { CheckIcon, GiftIcon } from './storefront-icons'

const bundleItems = ['apps', 'demos', 'members', 'download'] as const
const bonuses = ['bonus1', 'bonus2'] as const

/** The main bundle at $25 and the two bonuses with their values (seed-spec sections 1 and 9). */
export function PricingSection() {
  const { t } = useTranslation()
  return (
    <section
      id="pricing"
      aria-labelledby="pricing-heading"
      className={`${belowTheFold} bg-white py-16 sm:py-20`}
    >
      <div className="mx-auto max-w-6xl px-4 sm:px-6 lg:px-8">
        <div className="max-w-3xl">
          <h2 id="pricing-heading" className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
            {t('landing.pricing.heading')}
          </h2>
          <p className="mt-4 text-lg text-slate-600">{t('landing.pricing.intro')}</p>
        </div>
        <div className="mt-10 grid gap-6 lg:grid-cols-5">
          <article
            aria-labelledby="bundle-name"
            className="rounded-3xl bg-white p-6 shadow-lg ring-2 ring-blue-600 sm:p-8 lg:col-span-3"
          >
            <h3 id="bundle-name" className="text-xl font-bold text-slate-900">
              {t('landing.pricing.bundle.name')}
            </h3>
            <p className="mt-2 text-slate-600">{t('landing.pricing.bundle.description')}</p>
            <p className="mt-6 flex items-baseline gap-2">
              <span
                className="text-5xl font-extrabold tracking-tight text-slate-900"
                data-testid="bundle-price"
              >
                {t('landing.pricing.bundle.price')}
              </span>
              <span className="text-lg font-semibold text-slate-600">
                {t('landing.pricing.bundle.currency')}
              </span>
              <span className="ml-2 rounded-full bg-blue-50 px-3 py-1 text-sm font-semibold whitespace-nowrap text-blue-800">
                {t('landing.pricing.bundle.priceNote')}
              </span>
            </p>
            <ul className="mt-6 space-y-3">
              {bundleItems.map((key) => (
                <li key={key} className="flex gap-3 text-slate-700">
                  <CheckIcon className="mt-0.5 size-5 shrink-0 text-blue-600" />
                  {t(`landing.pricing.bundle.items.${key}`)}
                </li>
              ))}
            </ul>
            <p className="mt-6 font-semibold text-slate-900">{t('landing.pricing.summary')}</p>
            <BuyButton inPricing className="mt-6" />
            <p className="mt-4 text-sm text-slate-600">
              {t('landing.pricing.refundNote')}{' '}
              <Link to="/refund-policy" className="font-medium text-blue-700 underline hover:text-blue-800">
                {t('landing.pricing.refundLink')}
              </Link>
              .
            </p>
          </article>
          <ul className="flex flex-col gap-6 lg:col-span-2">
            {bonuses.map((key) => (
              <li key={key} className="flex-1 rounded-3xl bg-amber-50 p-6 ring-1 ring-amber-200 sm:p-8">
                <p className="inline-flex items-center gap-2 rounded-full bg-amber-200 px-3 py-1 text-sm font-semibold text-amber-950">
                  <GiftIcon className="size-4" />
                  {t('landing.pricing.included')}
                </p>
                <h3 className="mt-4 text-lg font-bold text-slate-900">{t(`landing.pricing.${key}.name`)}</h3>
                <p className="mt-1 font-semibold text-amber-900">{t(`landing.pricing.${key}.value`)}</p>
                <p className="mt-3 leading-7 text-slate-700">{t(`landing.pricing.${key}.description`)}</p>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  )
}
