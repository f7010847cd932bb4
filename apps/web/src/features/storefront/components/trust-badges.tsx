import type { ComponentType, SVGProps } from 'react'
import type { BadgeIcon } from '@pg/shared/storefront/names'
import { useStorefront } from '../../../lib/storefront-content'
import { belowTheFold } from './below-the-fold'
import { HeadsetIcon, LockIcon, MailIcon, RefreshIcon, ReturnIcon, ShieldIcon } from './storefront-icons'

/** Each badge's icon, as the owner picks it. */
const ICONS: Record<BadgeIcon, ComponentType<SVGProps<SVGSVGElement>>> = {
  email: MailIcon,
  secure: LockIcon,
  privacy: ShieldIcon,
  updated: RefreshIcon,
  support: HeadsetIcon,
  refund: ReturnIcon,
}

/** The trust badges (seed-spec section 2: four in version 1). */
export function TrustBadges() {
  const { trust } = useStorefront().landing
  return (
    <section aria-labelledby="trust-heading" className={`${belowTheFold} bg-slate-50 py-16 sm:py-20`}>
      <div className="mx-auto max-w-6xl px-4 sm:px-6 lg:px-8">
        <h2
          id="trust-heading"
          className="text-center text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl"
        >
          {trust.heading}
        </h2>
        {trust.badges.length > 0 && (
          <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {trust.badges.map((badge, index) => {
              const Icon = ICONS[badge.icon]
              return (
                <li
                  key={index}
                  className="rounded-2xl bg-white p-6 text-center shadow-sm ring-1 ring-slate-200"
                >
                  <span className="mx-auto inline-flex size-12 items-center justify-center rounded-full bg-emerald-50 text-emerald-700">
                    <Icon className="size-6" />
                  </span>
                  <h3 className="mt-4 font-semibold text-slate-900">{badge.title}</h3>
                  <p className="mt-2 text-sm leading-6 text-slate-600">{badge.description}</p>
                </li>
              )
            })}
          </ul>
        )}
      </div>
    </section>
  )
}
