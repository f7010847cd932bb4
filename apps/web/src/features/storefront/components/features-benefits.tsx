import { useTranslation } from 'react-i18next'
import { belowTheFold } from './below-the-fold'
import { CheckIcon } from './storefront-icons'

const features = ['apps', 'demos', 'categories', 'stack', 'members', 'bonuses'] as const
const benefits = ['time', 'learn', 'clients', 'portfolio', 'ideas', 'price'] as const

export function FeaturesSection() {
  const { t } = useTranslation()
  return (
    <section
      id="features"
      aria-labelledby="features-heading"
      className={`${belowTheFold} bg-white py-16 sm:py-20`}
    >
      <div className="mx-auto max-w-6xl px-4 sm:px-6 lg:px-8">
        <h2 id="features-heading" className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
          {t('landing.features.heading')}
        </h2>
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {features.map((key) => (
            <li key={key} className="rounded-2xl border border-slate-200 p-6">
              <h3 className="flex items-center gap-2 text-lg font-semibold text-slate-900">
                <CheckIcon className="size-5 shrink-0 text-blue-600" />
                {t(`landing.features.items.${key}.title`)}
              </h3>
              <p className="mt-2 leading-7 text-slate-600">
                {t(`landing.features.items.${key}.description`)}
              </p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}

export function BenefitsSection() {
  const { t } = useTranslation()
  return (
    <section
      aria-labelledby="benefits-heading"
      className={`${belowTheFold} bg-slate-900 py-16 text-white sm:py-20`}
    >
      <div className="mx-auto max-w-6xl px-4 sm:px-6 lg:px-8">
        <h2 id="benefits-heading" className="text-3xl font-bold tracking-tight sm:text-4xl">
          {t('landing.benefits.heading')}
        </h2>
        <ul className="mt-10 grid gap-x-10 gap-y-5 md:grid-cols-2">
          {benefits.map((key) => (
            <li key={key} className="flex gap-3 text-lg leading-8 text-slate-100">
              <CheckIcon className="mt-1.5 size-5 shrink-0 text-emerald-400" />
              <span>{t(`landing.benefits.items.${key}`)}</span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}
