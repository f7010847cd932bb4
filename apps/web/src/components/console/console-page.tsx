import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { useDocumentTitle } from '../../lib/use-document-title'
import { consoleErrorText } from '../../lib/console/console-error'

/** A console page: its heading (the page's title for screen readers and the tab too) and its actions. */
export function ConsolePage({
  title,
  description,
  actions,
  children,
}: {
  title: string
  description?: string
  actions?: ReactNode
  children: ReactNode
}) {
  const { t } = useTranslation()
  // The page, then the console: what the server's page for this address says before the app runs.
  useDocumentTitle(`${title} · ${t('nav.console')}`)
  return (
    <section aria-labelledby="console-page-title" className="space-y-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 id="console-page-title" className="text-xl font-bold tracking-tight text-slate-900">
            {title}
          </h2>
          {description && <p className="mt-1 text-sm text-slate-600">{description}</p>}
        </div>
        {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
      </div>
      {children}
    </section>
  )
}

/** A query as a section reads it (TanStack Query's result has these). */
interface SectionQuery {
  isError: boolean
  error: unknown
  refetch: () => unknown
}

/**
 * What a section shows while its data loads (`loadingText`, else "Loading…") or after it failed: the
 * server's message when it sent one, and a button to try again.
 */
export function LoadState({ query, loadingText }: { query: SectionQuery; loadingText?: string }) {
  const { t } = useTranslation()
  if (!query.isError)
    return (
      <p role="status" className="py-8 text-center text-sm text-slate-600">
        {loadingText ?? t('console.common.loading')}
      </p>
    )
  return (
    <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-800">
      <p>{query.error ? consoleErrorText(query.error, t) : t('console.errors.load')}</p>
      <button type="button" onClick={() => void query.refetch()} className="mt-2 font-semibold underline">
        {t('console.common.retry')}
      </button>
    </div>
  )
}
