import { useStorefront } from '../../../lib/storefront-content'
import { belowTheFold } from './below-the-fold'
import { CheckIcon } from './storefront-icons'

export function FeaturesSection() {
  const { features } = useStorefront().landing
  return (
    <section
      id="features"
      aria-labelledby="features-heading"
      className={`${belowTheFold} bg-white py-16 sm:py-20`}
    >
      <div className="mx-auto max-w-6xl px-4 sm:px-6 lg:px-8">
        <h2 id="features-heading" className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
          {features.heading}
        </h2>
        {features.items.length > 0 && (
          <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {features.items.map((item, index) => (
              <li key={index} className="rounded-2xl border border-slate-200 p-6">
                <h3 className="flex items-center gap-2 text-lg font-semibold text-slate-900">
                  <CheckIcon className="size-5 shrink-0 text-blue-600" />
                  {item.title}
                </h3>
                <p className="mt-2 leading-7 text-slate-600">{item.description}</p>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  )
}

export function BenefitsSection() {
  const { benefits } = useStorefront().landing
  return (
    <section
      aria-labelledby="benefits-heading"
      className={`${belowTheFold} bg-slate-900 py-16 text-white sm:py-20`}
    >
      <div className="mx-auto max-w-6xl px-4 sm:px-6 lg:px-8">
        <h2 id="benefits-heading" className="text-3xl font-bold tracking-tight sm:text-4xl">
          {benefits.heading}
        </h2>
        {benefits.items.length > 0 && (
          <ul className="mt-10 grid gap-x-10 gap-y-5 md:grid-cols-2">
            {benefits.items.map((item, index) => (
              <li key={index} className="flex gap-3 text-lg leading-8 text-slate-100">
                <CheckIcon className="mt-1.5 size-5 shrink-0 text-emerald-400" />
                <span>{item}</span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  )
}
