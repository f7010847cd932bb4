import { useId, useRef, useState, type KeyboardEvent } from 'react'
import { Link, useLocation } from 'react-router'
import { useTranslation } from 'react-i18next'
import { CloseIcon, LogoMark, MenuIcon } from '../../components/ui/icons'
import { LanguageSwitcher } from './language-switcher'
import { NavLinks, SessionAction } from './nav-links'
import { SocialLinks } from './social-links'

export function SiteHeader() {
  const { t } = useTranslation()
  const { pathname } = useLocation()
  // The menu belongs to the page it was opened on: navigating closes it without an effect.
  const [openOn, setOpenOn] = useState<string | null>(null)
  const open = openOn === pathname
  const menuId = useId()
  const toggle = useRef<HTMLButtonElement>(null)

  function closeOnEscape(event: KeyboardEvent) {
    if (event.key !== 'Escape' || !open) return
    setOpenOn(null)
    toggle.current?.focus()
  }

  return (
    <header
      className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur"
      onKeyDown={closeOnEscape}
    >
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-4 px-4 sm:px-6 lg:px-8">
        <Link to="/" className="flex shrink-0 items-center gap-2 rounded-lg text-lg font-bold text-slate-900">
          <LogoMark className="size-8 text-blue-600" />
          <span>{t('app.name')}</span>
        </Link>
        <nav aria-label={t('nav.label')} className="hidden flex-1 md:block">
          <NavLinks className="flex items-center gap-1" />
        </nav>
        <div className="ml-auto hidden items-center gap-2 md:flex">
          <LanguageSwitcher />
          <SocialLinks />
          <SessionAction />
        </div>
        <button
          ref={toggle}
          type="button"
          className="ml-auto inline-flex size-10 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 md:hidden"
          aria-expanded={open}
          aria-controls={menuId}
          aria-label={open ? t('nav.closeMenu') : t('nav.openMenu')}
          onClick={() => setOpenOn(open ? null : pathname)}
        >
          {open ? <CloseIcon className="size-6" /> : <MenuIcon className="size-6" />}
        </button>
      </div>
      <div id={menuId} hidden={!open} className="border-t border-slate-200 px-4 pt-3 pb-5 md:hidden">
        <nav aria-label={t('nav.label')}>
          <NavLinks className="flex flex-col gap-1" />
        </nav>
        <div className="mt-4 flex items-center justify-between gap-2 border-t border-slate-200 pt-4">
          <LanguageSwitcher />
          <SocialLinks />
        </div>
        <SessionAction className="mt-4 w-full" />
      </div>
    </header>
  )
}
