import type { ResolvedStorefront } from '@pg/shared/storefront/resolved'
import { GiftIcon } from './storefront-icons'

type Bonus = ResolvedStorefront['landing']['offer']['bonuses'][number]

/** The offer's bonuses, as many as the owner lists, each with its stated value. */
export function BonusCards({ label, bonuses }: { label: string; bonuses: Bonus[] }) {
  return (
    <ul className="flex flex-col gap-6 lg:col-span-2">
      {bonuses.map((bonus, index) => (
        <li key={index} className="flex-1 rounded-3xl bg-amber-50 p-6 ring-1 ring-amber-200 sm:p-8">
          {label && (
            <p className="mb-4 inline-flex items-center gap-2 rounded-full bg-amber-200 px-3 py-1 text-sm font-semibold text-amber-950">
              <GiftIcon className="size-4" />
              {label}
            </p>
          )}
          <h3 className="text-lg font-bold text-slate-900">{bonus.name}</h3>
          {bonus.value && <p className="mt-1 font-semibold text-amber-900">{bonus.value}</p>}
          {bonus.description && <p className="mt-3 leading-7 text-slate-700">{bonus.description}</p>}
        </li>
      ))}
    </ul>
  )
}
