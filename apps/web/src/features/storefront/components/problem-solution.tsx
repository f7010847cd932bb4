import { useStorefront } from '../../../lib/storefront-content'
import { belowTheFold } from './below-the-fold'
import { CrossIcon } from './storefront-icons'

export function ProblemSection() {
  const { problem } = useStorefront().landing
  return (
    <section aria-labelledby="problem-heading" className={`${belowTheFold} bg-white py-16 sm:py-20`}>
      <div className="mx-auto grid max-w-6xl gap-10 px-4 sm:px-6 lg:grid-cols-2 lg:px-8">
        <div>
          <h2 id="problem-heading" className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
            {problem.heading}
          </h2>
          {problem.intro && <p className="mt-4 text-lg leading-8 text-slate-600">{problem.intro}</p>}
        </div>
        {problem.points.length > 0 && (
          <ul className="space-y-4">
            {problem.points.map((point, index) => (
              <li key={index} className="flex gap-3 rounded-xl bg-rose-50 p-4 text-slate-800">
                <CrossIcon className="mt-0.5 size-5 shrink-0 text-rose-600" />
                <span>{point}</span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  )
}

export function SolutionSection() {
  const { solution } = useStorefront().landing
  return (
    <section aria-labelledby="solution-heading" className={`${belowTheFold} bg-blue-50 py-16 sm:py-20`}>
      <div className="mx-auto max-w-6xl px-4 sm:px-6 lg:px-8">
        <h2 id="solution-heading" className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
          {solution.heading}
        </h2>
        {solution.intro && (
          <p className="mt-4 max-w-3xl text-lg leading-8 text-slate-700">{solution.intro}</p>
        )}
        {solution.steps.length > 0 && (
          <ol className="mt-10 grid gap-6 md:grid-cols-3">
            {solution.steps.map((step, index) => (
              <li key={index} className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-blue-100">
                <span className="inline-flex size-10 items-center justify-center rounded-full bg-blue-600 font-bold text-white">
                  {index + 1}
                </span>
                <h3 className="mt-4 text-lg font-semibold text-slate-900">{step.title}</h3>
                <p className="mt-2 leading-7 text-slate-600">{step.description}</p>
              </li>
            ))}
          </ol>
        )}
      </div>
    </section>
  )
}
