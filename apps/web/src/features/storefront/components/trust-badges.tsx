import type { ComponentType, SVGProps } from 'react'
import { useTranslation } from 'react-i18next'
import { belowTheFold } from './below-the-fold'
import { LockIcon, MailIcon, RefreshIcon, ShieldIcon } from './storefront-icons'

const badges: {
  key: 'email' | 'secure' | 'privacy' | 'updated'
  Icon: ComponentType<SVGProps<SVGSVGElement>>
}[] = [
  { key: 'email', Icon: MailIcon },
  { key: 'secure', Icon: LockIcon },
  { key: 'privacy', Icon: ShieldIcon },
  { key: 'updated', Icon: RefreshIcon },
]

/** The four trust badges of seed-spec section 2. */
export function TrustBadges() {
  const { t } = useTranslation()
  return (
    <section aria-labelledby="trust-heading" className={`${belowTheFold} bg-slate-50 py-16 sm:py-20`}>
      <div className="mx-auto max-w-6xl px-4 sm:px-6 lg:px-8">
        <h2
          id="trust-heading"
          className="text-center text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl"
        >
          {t('landing.trust.heading')}
        </h2>
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {badges.map(({ key, Icon }) => (
            <li key={key} className="rounded-2xl bg-white p-6 text-center shadow-sm ring-1 ring-slate-200">
              <span className="mx-auto inline-flex size-12 items-center justify-center rounded-full bg-emerald-50 text-emerald-700">
                <Icon className="size-6" />
              </span>
              <h3 className="mt-4 font-semibold text-slate-900">{t(`landing.trust.${key}.title`)}</h3>
              <p className="mt-2 text-sm leading-6 text-slate-600">{t(`landing.trust.${key}.description`)}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}
