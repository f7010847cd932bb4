import type { ReactNode } from 'react'

/** A centred page with a heading and short text, for placeholders, 404 and errors. */
export function MessagePage({
  eyebrow,
  title,
  children,
  actions,
}: {
  eyebrow?: string
  title: string
  children: ReactNode
  actions: ReactNode
}) {
  return (
    <section className="mx-auto flex max-w-2xl flex-col items-center px-4 py-20 text-center sm:py-28">
      {eyebrow && <p className="text-sm font-semibold tracking-wide text-blue-700 uppercase">{eyebrow}</p>}
      <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
      <div className="mt-4 space-y-2 text-lg text-slate-600">{children}</div>
      <div className="mt-8 flex flex-wrap justify-center gap-3">{actions}</div>
    </section>
  )
}
