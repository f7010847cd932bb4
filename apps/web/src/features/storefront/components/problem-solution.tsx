import { useTranslation } from 'react-i18next'
import { belowTheFold } from './below-the-fold'
import { CrossIcon } from './storefront-icons'

const problems = ['tutorials', 'examples', 'blank', 'courses'] as const
const steps = ['explore', 'download', 'adapt'] as const

export function ProblemSection() {
  const { t } = useTranslation()
  return (
    <section aria-labelledby="problem-heading" className={`${belowTheFold} bg-white py-16 sm:py-20`}>
      <div className="mx-auto grid max-w-6xl gap-10 px-4 sm:px-6 lg:grid-cols-2 lg:px-8">
        <div>
          <h2 id="problem-heading" className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
            {t('landing.problem.heading')}
          </h2>
          <p className="mt-4 text-lg leading-8 text-slate-600">{t('landing.problem.intro')}</p>
        </div>
        <ul className="space-y-4">
          {problems.map((key) => (
            <li key={key} className="flex gap-3 rounded-xl bg-rose-50 p-4 text-slate-800">
              <CrossIcon className="mt-0.5 size-5 shrink-0 text-rose-600" />
              <span>{t(`landing.problem.points.${key}`)}</span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}

export function SolutionSection() {
  const { t } = useTranslation()
  return (
    <section aria-labelledby="solution-heading" className={`${belowTheFold} bg-blue-50 py-16 sm:py-20`}>
      <div className="mx-auto max-w-6xl px-4 sm:px-6 lg:px-8">
        <h2 id="solution-heading" className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
          {t('landing.solution.heading')}
        </h2>
        <p className="mt-4 max-w-3xl text-lg leading-8 text-slate-700">{t('landing.solution.intro')}</p>
        <ol className="mt-10 grid gap-6 md:grid-cols-3">
          {steps.map((key, index) => (
            <li key={key} className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-blue-100">
              <span className="inline-flex size-10 items-center justify-center rounded-full bg-blue-600 font-bold text-white">
                {index + 1}
              </span>
              <h3 className="mt-4 text-lg font-semibold text-slate-900">
                {t(`landing.solution.steps.${key}.title`)}
              </h3>
              <p className="mt-2 leading-7 text-slate-600">
                {t(`landing.solution.steps.${key}.description`)}
              </p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  )
}
