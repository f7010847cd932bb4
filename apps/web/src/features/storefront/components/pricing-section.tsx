import { Link } from 'react-router'
import { useStorefront } from '../../../lib/storefront-content'
import { belowTheFold } from './below-the-fold'
import { BonusCards } from './bonus-cards'
import { BuyButton } from './buy-button'
import { CheckIcon } from './storefront-icons'

/** The offer at its price, what it includes, and its bonuses with their values (seed-spec sections 1 and 9). */
export function PricingSection() {
  const { landing, price } = useStorefront()
  const { offer } = landing
  const withBonuses = offer.bonuses.length > 0
  return (
    <section
      id="pricing"
      aria-labelledby="pricing-heading"
      className={`${belowTheFold} bg-white py-16 sm:py-20`}
    >
      <div className="mx-auto max-w-6xl px-4 sm:px-6 lg:px-8">
        <div className="max-w-3xl">
          <h2 id="pricing-heading" className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
            {offer.title}
          </h2>
          {offer.intro && <p className="mt-4 text-lg text-slate-600">{offer.intro}</p>}
        </div>
        <div className="mt-10 grid gap-6 lg:grid-cols-5">
          <article
            aria-labelledby="bundle-name"
            className={`rounded-3xl bg-white p-6 shadow-lg ring-2 ring-blue-600 sm:p-8 ${withBonuses ? 'lg:col-span-3' : 'lg:col-span-5'}`}
          >
            <h3 id="bundle-name" className="text-xl font-bold text-slate-900">
              {offer.productName}
            </h3>
            {offer.productDescription && <p className="mt-2 text-slate-600">{offer.productDescription}</p>}
            <p className="mt-6 flex flex-wrap items-baseline gap-2">
              <span
                className="text-5xl font-extrabold tracking-tight text-slate-900"
                data-testid="bundle-price"
              >
                {price.formatted}
              </span>
              {offer.priceNote && (
                <span className="ml-2 rounded-full bg-blue-50 px-3 py-1 text-sm font-semibold whitespace-nowrap text-blue-800">
                  {offer.priceNote}
                </span>
              )}
            </p>
            {offer.items.length > 0 && (
              <ul className="mt-6 space-y-3">
                {offer.items.map((item, index) => (
                  <li key={index} className="flex gap-3 text-slate-700">
                    <CheckIcon className="mt-0.5 size-5 shrink-0 text-blue-600" />
                    {item}
                  </li>
                ))}
              </ul>
            )}
            {offer.summary && <p className="mt-6 font-semibold text-slate-900">{offer.summary}</p>}
            <BuyButton inPricing className="mt-6" />
            {(offer.refundNote || offer.refundLink) && (
              <p className="mt-4 text-sm text-slate-600">
                {offer.refundNote}
                {offer.refundNote && offer.refundLink && ' '}
                {offer.refundLink && (
                  <Link
                    to="/refund-policy"
                    className="font-medium text-blue-700 underline hover:text-blue-800"
                  >
                    {offer.refundLink}
                  </Link>
                )}
                {offer.refundLink && '.'}
              </p>
            )}
          </article>
          {withBonuses && <BonusCards label={offer.bonusLabel} bonuses={offer.bonuses} />}
        </div>
      </div>
    </section>
  )
}
