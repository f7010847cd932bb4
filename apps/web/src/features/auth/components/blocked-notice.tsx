import { Trans, useTranslation } from 'react-i18next'
import type { BlockedReason } from '@pg/shared/purchase'
import { MailLink } from '../../../components/ui/mail-link'

/** Why a blocked member cannot sign in, and how to reach support (to reactivate, or to ask why). */
export function BlockedNotice({
  reason,
  supportEmail,
}: {
  reason: BlockedReason | null
  supportEmail: string
}) {
  const { t } = useTranslation()
  return (
    <span className="space-y-1.5">
      <span className="block">{t(`login.blocked.${reason ?? 'generic'}`)}</span>
      <span className="block font-normal text-slate-700">
        <Trans
          i18nKey={reason === 'inactive' ? 'login.blocked.reactivate' : 'login.blocked.contact'}
          values={{ email: supportEmail }}
          components={{ mail: <MailLink address={supportEmail} /> }}
        />{' '}
        {t('login.blocked.hours')}
      </span>
    </span>
  )
}
