import { Link } from 'react-router'
import { FaqList } from '../../../components/ui/faq-list'
import { useStorefront } from '../../../lib/storefront-content'
import { belowTheFold } from './below-the-fold'

/** The questions the owner put on the landing page, and the way to all of them. */
export function LandingFaq() {
  const { faq } = useStorefront().landing
  const items = faq.entries.map((entry, index) => ({ id: `landing-faq-${index + 1}`, ...entry }))
  return (
    <section id="faq" aria-labelledby="faq-heading" className={`${belowTheFold} bg-white py-16 sm:py-20`}>
      <div className="mx-auto max-w-3xl px-4 sm:px-6 lg:px-8">
        <h2 id="faq-heading" className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
          {faq.heading}
        </h2>
        {items.length > 0 && (
          <div className="mt-8">
            <FaqList items={items} />
          </div>
        )}
        <p className="mt-6">
          <Link to="/faq" className="font-semibold text-blue-700 hover:text-blue-800 hover:underline">
            {faq.more}
          </Link>
        </p>
      </div>
    </section>
  )
}
