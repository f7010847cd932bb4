import { useTranslation } from 'react-i18next'
import { currentLanguage, showLanguage, storeLanguage } from '../../lib/i18n'
import { useStorefrontSource } from '../../lib/storefront-content'

/**
 * Switches between Spanish and English and remembers the choice for the next visit, in this browser
 * and for the server, which then sends its prerendered pages in that language.
 */
export function LanguageSwitcher({ className = '' }: { className?: string }) {
  const { t, i18n } = useTranslation()
  const storefronts = useStorefrontSource()
  const other = currentLanguage(i18n.language) === 'es' ? 'en' : 'es'
  const name = t(`language.${other}`)

  async function handleClick() {
    storeLanguage(other)
    // The owner's texts in the other language come from the server: without them, the page itself
    // is asked for again in that language (as the storefront's island does).
    if (await storefronts.ensure(other)) return showLanguage(other)
    const address = new URL(window.location.href)
    address.searchParams.delete('lang')
    if (address.href === window.location.href) window.location.reload()
    else window.location.assign(address)
  }

  return (
    <button
      type="button"
      onClick={() => void handleClick()}
      aria-label={t('language.switchTo', { language: name })}
      data-language-switch={other}
      className={`rounded-lg px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900 ${className}`}
    >
      <span lang={other}>{name}</span>
    </button>
  )
}
