import { useTranslation } from 'react-i18next'
import { useStorefront } from '../../lib/storefront-content'
import { SOCIAL_ICONS } from './social-icons'

const linkClass =
  'inline-flex size-10 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 hover:text-slate-900'

/**
 * The store's social profiles, as the owner lists them; each opens in a new tab without giving it
 * access to this one, and says so in its name.
 */
export function SocialLinks() {
  const { t } = useTranslation()
  const { socialLinks, name } = useStorefront().store
  if (socialLinks.length === 0) return null
  return (
    <ul className="flex items-center gap-1" aria-label={t('nav.social')}>
      {socialLinks.map(({ network, url }, index) => {
        const Icon = SOCIAL_ICONS[network]
        return (
          <li key={index}>
            <a
              href={url}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={t(`nav.socialNetworks.${network}`, { store: name })}
              className={linkClass}
            >
              <Icon className="size-5" />
            </a>
          </li>
        )
      })}
    </ul>
  )
}
