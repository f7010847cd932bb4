import { useTranslation } from 'react-i18next'
import { currentLanguage, showLanguage, storeLanguage } from '../../lib/i18n'

/**
 * Switches between Spanish and English and remembers the choice for the next visit, in this browser
 * and for the server, which then sends its prerendered pages in that language.
 */
export function LanguageSwitcher({ className = '' }: { className?: string }) {
  const { t, i18n } = useTranslation()
  const other = currentLanguage(i18n.language) === 'es' ? 'en' : 'es'
  const name = t(`language.${other}`)

  function handleClick() {
    storeLanguage(other)
    void showLanguage(other)
  }

  return (
    <button
      type="button"
      onClick={handleClick}
      aria-label={t('language.switchTo', { language: name })}
      data-language-switch={other}
      className={`rounded-lg px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900 ${className}`}
    >
      <span lang={other}>{name}</span>
    </button>
  )
}
