import { useId, type ReactNode } from 'react'

/** A form of the page: its heading (the level under the page's) and a line saying what it edits. */
export function SectionFrame({
  title,
  intro,
  children,
}: {
  title: string
  intro: string
  children: ReactNode
}) {
  const id = useId()
  return (
    <section aria-labelledby={id} className="space-y-6">
      <div>
        <h3 id={id} className="text-lg font-bold text-slate-900">
          {title}
        </h3>
        <p className="mt-1 text-sm text-slate-600">{intro}</p>
      </div>
      {children}
    </section>
  )
}

/** A part of a form: a fieldset whose legend names it, framed. */
export function Group({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-5">
      <legend className="px-1 text-base font-semibold text-slate-900">{legend}</legend>
      {children}
    </fieldset>
  )
}
