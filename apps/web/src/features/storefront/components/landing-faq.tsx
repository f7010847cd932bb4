import { Link } from 'react-router'
import { useTranslation } from 'react-i18next'
import { belowTheFold } from './below-the-fold'
import { FaqList } from '../../../components/ui/faq-list'
import { LANDING_FAQ_IDS } from '../faq-questions'

export function LandingFaq() {
  const { t } = useTranslation()
  const items = LANDING_FAQ_IDS.map((id) => ({
    id,
    question: t(`faq.${id}.question`),
    answer: t(`faq.${id}.answer`),
  }))
  return (
    <section id="faq" aria-labelledby="faq-heading" className={`${belowTheFold} bg-white py-16 sm:py-20`}>
      <div className="mx-auto max-w-3xl px-4 sm:px-6 lg:px-8">
        <h2 id="faq-heading" className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
          {t('landing.faq.heading')}
        </h2>
        <div className="mt-8">
          <FaqList items={items} />
        </div>
        <p className="mt-6">
          <Link to="/faq" className="font-semibold text-blue-700 hover:text-blue-800 hover:underline">
            {t('landing.faq.more')}
          </Link>
        </p>
      </div>
    </section>
  )
}
