import { useStorefront } from '../../../lib/storefront-content'
import { belowTheFold } from './below-the-fold'
import { BuyButton } from './buy-button'

export function FinalCta() {
  const { finalCta } = useStorefront().landing
  return (
    <section
      aria-labelledby="final-cta-heading"
      className={`${belowTheFold} bg-gradient-to-br from-blue-900 to-indigo-900 py-16 text-white sm:py-20`}
    >
      <div className="mx-auto flex max-w-3xl flex-col items-center px-4 text-center sm:px-6">
        <h2 id="final-cta-heading" className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">
          {finalCta.heading}
        </h2>
        {finalCta.text && <p className="mt-4 text-lg text-blue-100">{finalCta.text}</p>}
        <BuyButton tone="dark" className="mt-8 items-center" />
      </div>
    </section>
  )
}
