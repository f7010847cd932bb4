import { useTranslation } from 'react-i18next'
import { ButtonLink } from '../components/ui/button'
import { MessagePage } from '../components/ui/message-page'
import { useDocumentTitle } from '../lib/use-document-title'

export function NotFoundRoute() {
  const { t } = useTranslation()
  useDocumentTitle(t('notFound.title'))
  return (
    <MessagePage
      eyebrow={t('notFound.code')}
      title={t('notFound.title')}
      actions={<ButtonLink to="/">{t('notFound.backHome')}</ButtonLink>}
    >
      <p>{t('notFound.message')}</p>
    </MessagePage>
  )
}
