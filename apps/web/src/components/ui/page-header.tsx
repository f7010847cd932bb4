import type { ReactNode } from 'react'

/** The heading band of a members' page: title, a greeting line and the page's actions. */
export function PageHeader({
  title,
  greeting,
  actions,
}: {
  title: string
  greeting: string
  actions: ReactNode
}) {
  return (
    <div className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-8 sm:flex-row sm:items-center sm:justify-between sm:px-6 lg:px-8">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
          <p className="mt-1 truncate text-slate-600">{greeting}</p>
        </div>
        <div className="flex flex-wrap gap-3">{actions}</div>
      </div>
    </div>
  )
}
