import { useId, type ReactNode } from 'react'

/** One part of "My account": a card with its heading, named by it for screen readers; `id` for links. */
export function AccountSection({
  heading,
  id,
  children,
}: {
  heading: string
  id?: string
  children: ReactNode
}) {
  const headingId = useId()
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
    >
      <h2 id={headingId} className="mb-5 text-lg font-semibold text-slate-900">
        {heading}
      </h2>
      {children}
    </section>
  )
}

/** What a form's last submit did: said politely when saved, as an alert when it failed. */
export function FormOutcome({ saved, failed }: { saved: string | null; failed: string | null }) {
  return (
    <div aria-live="polite" className="text-sm font-medium">
      {saved && <p className="text-green-800">{saved}</p>}
      {failed && (
        <p role="alert" className="text-red-700">
          {failed}
        </p>
      )}
    </div>
  )
}
