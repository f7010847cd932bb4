import type { ReactNode } from 'react'
import { useDocumentTitle } from '../../../lib/use-document-title'

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
  useDocumentTitle(title)
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

/** What a section shows while its data loads or after it failed. */
export function LoadState({
  error,
  onRetry,
  loadingText,
  errorText,
  retryText,
}: {
  error: boolean
  onRetry: () => void
  loadingText: string
  errorText: string
  retryText: string
}) {
  if (!error)
    return (
      <p role="status" className="py-8 text-center text-sm text-slate-600">
        {loadingText}
      </p>
    )
  return (
    <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-800">
      <p>{errorText}</p>
      <button type="button" onClick={onRetry} className="mt-2 font-semibold underline">
        {retryText}
      </button>
    </div>
  )
}
