import { useEffect, useId, useRef } from 'react'
import { Link, useLocation } from 'react-router'
import { useTranslation } from 'react-i18next'
import { CloseIcon, LogoMark, MenuIcon } from '../../components/ui/icons'
import { LanguageSwitcher } from './language-switcher'
import { mountMenu, type MenuControl } from './menu-controller'
import { NavLinks, SessionAction } from './nav-links'
import { SocialLinks } from './social-links'

/**
 * The navigation bar. It draws the phone menu closed; menu-controller.ts opens and closes it (the same
 * code runs on the storefront's prerendered header without React), and navigating closes it.
 */
export function SiteHeader() {
  const { t, i18n } = useTranslation()
  const { pathname } = useLocation()
  const menuId = useId()
  const header = useRef<HTMLElement>(null)
  const menu = useRef<MenuControl>(null)

  useEffect(() => {
    if (!header.current) return
    const control = mountMenu(header.current)
    menu.current = control
    return () => control.unmount()
  }, [i18n.language])
  useEffect(() => menu.current?.close(), [pathname])

  return (
    <header ref={header} className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
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
          type="button"
          className="ml-auto inline-flex size-10 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 md:hidden"
          aria-expanded="false"
          aria-controls={menuId}
          aria-label={t('nav.openMenu')}
          data-menu-toggle
          data-label-open={t('nav.openMenu')}
          data-label-close={t('nav.closeMenu')}
        >
          <span data-when-closed className="flex">
            <MenuIcon className="size-6" />
          </span>
          <span data-when-open hidden className="flex">
            <CloseIcon className="size-6" />
          </span>
        </button>
      </div>
      <div id={menuId} hidden className="border-t border-slate-200 px-4 pt-3 pb-5 md:hidden">
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
