export interface FaqItem {
  /** The question's element id (an anchor to it). */
  id: string
  question: string
  answer: string
}

/**
 * Questions that open and close like an accordion. Native `<details>`: keyboard (Enter, Space),
 * screen readers (expanded/collapsed) and the page without JavaScript all work as they are.
 */
export function FaqList({ items, headingLevel = 3 }: { items: FaqItem[]; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  return (
    <div className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white shadow-sm">
      {items.map((item) => (
        <details key={item.id} id={item.id} className="group px-5 sm:px-6">
          <summary className="flex cursor-pointer list-none items-center justify-between gap-4 py-5 text-left [&::-webkit-details-marker]:hidden">
            <Heading className="text-base font-semibold text-slate-900 sm:text-lg">{item.question}</Heading>
            <svg
              viewBox="0 0 24 24"
              fill="none"
              stroke="currentColor"
              strokeWidth={2}
              aria-hidden="true"
              focusable="false"
              className="size-5 shrink-0 text-slate-500 transition-transform group-open:rotate-180"
            >
              <path d="m6 9 6 6 6-6" />
            </svg>
          </summary>
          <p className="pb-5 leading-7 text-slate-600">{item.answer}</p>
        </details>
      ))}
    </div>
  )
}
