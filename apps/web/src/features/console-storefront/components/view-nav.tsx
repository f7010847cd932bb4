import { useEffect, useRef } from 'react'
import { Link } from 'react-router'
import { useTranslation } from 'react-i18next'
import { SECTIONS, type View } from '../model/views'

const linkClass = (current: boolean) =>
  `flex min-h-10 items-center whitespace-nowrap rounded-lg px-3 text-sm font-medium ${
    current ? 'bg-slate-900 text-white' : 'text-slate-700 hover:bg-slate-100'
  }`

/** The forms, then the preview and the history: a list beside the page on a wide screen, a row above on a phone. */
export function ViewNav({ view, problemViews }: { view: View; problemViews: ReadonlySet<View> }) {
  const { t } = useTranslation()
  const nav = useRef<HTMLElement>(null)
  // On a phone the list is a row that scrolls sideways: the form shown is brought into it (sideways only).
  useEffect(() => {
    const box = nav.current
    const current = box?.querySelector<HTMLElement>('[aria-current="page"]')
    if (box && current && box.scrollWidth > box.clientWidth) box.scrollLeft = current.offsetLeft - 16
  }, [view])
  const entry = (choice: View) => (
    <li key={choice}>
      <Link
        to={choice === 'store' ? '?' : `?view=${choice}`}
        aria-current={choice === view ? 'page' : undefined}
        className={linkClass(choice === view)}
      >
        {t(`consoleStorefront.sections.${choice}`)}
        {problemViews.has(choice) && (
          <span className="ml-2 text-xs font-bold text-red-700 in-aria-[current=page]:text-red-200">
            <span aria-hidden="true">●</span>
            <span className="sr-only"> {t('consoleStorefront.nav.hasProblems')}</span>
          </span>
        )}
      </Link>
    </li>
  )
  return (
    <nav
      ref={nav}
      aria-label={t('consoleStorefront.nav.label')}
      className="relative -mx-1 overflow-x-auto px-1 lg:mx-0 lg:overflow-visible lg:px-0"
    >
      <ul className="flex gap-1 pb-2 lg:flex-col lg:pb-0">
        {SECTIONS.map(entry)}
        <li aria-hidden="true" className="hidden border-t border-slate-200 lg:my-2 lg:block" />
        {entry('preview')}
        {entry('history')}
      </ul>
    </nav>
  )
}
