import { useId, type ReactNode } from 'react'

/** One part of the Overview: a card with its own heading, named after it for screen readers. */
export function OverviewCard({
  title,
  children,
  className = '',
}: {
  title: string
  children: ReactNode
  className?: string
}) {
  const headingId = useId()
  return (
    <section
      aria-labelledby={headingId}
      className={`rounded-xl border border-slate-200 bg-white p-5 shadow-sm ${className}`}
    >
      <h3 id={headingId} className="text-base font-semibold text-slate-900">
        {title}
      </h3>
      <div className="mt-4">{children}</div>
    </section>
  )
}

/** Figures side by side: each a label and its number, as a description list. */
export function Figures({ items }: { items: { label: string; value: string; muted?: boolean }[] }) {
  return (
    <dl className="grid grid-cols-2 gap-4">
      {items.map((item) => (
        <div key={item.label} className="rounded-lg bg-slate-50 px-3 py-2">
          <dt className="text-sm text-slate-600">{item.label}</dt>
          <dd
            className={`mt-1 text-2xl font-bold tabular-nums ${item.muted ? 'text-slate-600' : 'text-slate-900'}`}
          >
            {item.value}
          </dd>
        </div>
      ))}
    </dl>
  )
}
