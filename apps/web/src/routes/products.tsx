import { useTranslation } from 'react-i18next'
import { ButtonLink } from '../components/ui/button'
import { MessagePage } from '../components/ui/message-page'
import { usePageTitle } from '../lib/storefront-content'

/** The spec's placeholder: this page is under development (seed-spec section 2). */
export function ProductsRoute() {
  const { t } = useTranslation()
  usePageTitle('/products')
  return (
    <MessagePage
      title={t('products.title')}
      actions={<ButtonLink to="/">{t('products.backHome')}</ButtonLink>}
    >
      <p>{t('products.message')}</p>
      <p className="text-base">{t('products.detail')}</p>
    </MessagePage>
  )
}
