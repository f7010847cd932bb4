import type { Ref } from 'react'
import { useTranslation } from 'react-i18next'
import { fieldId } from '../model/bound'
import type { Problems } from '../model/content-check'
import { describePath } from '../model/path-label'

/**
 * Every problem of the draft at the top of the page, each a link to its field (in whichever form it
 * is): what the owner reads first when a save or a publish is refused.
 */
export function ProblemSummary({
  ref,
  problems,
  message,
  onGo,
}: {
  ref: Ref<HTMLElement>
  problems: Problems
  message: string
  onGo: (path: string) => void
}) {
  const { t } = useTranslation()
  const entries = Object.entries(problems)
  return (
    <section
      ref={ref}
      tabIndex={-1}
      aria-labelledby="storefront-problems-title"
      className="rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-900"
    >
      <h3 id="storefront-problems-title" className="font-semibold">
        {t('consoleStorefront.problems.title', { count: entries.length })}
      </h3>
      {message && <p className="mt-1">{message}</p>}
      <ul className="mt-2 list-disc space-y-1 pl-5">
        {entries.map(([path, problem]) => (
          <li key={path}>
            <a
              href={`#${fieldId(path)}`}
              onClick={(event) => {
                event.preventDefault()
                onGo(path)
              }}
              className="font-medium underline"
            >
              {describePath(path, t)}
            </a>
            : {problem}
          </li>
        ))}
      </ul>
    </section>
  )
}
