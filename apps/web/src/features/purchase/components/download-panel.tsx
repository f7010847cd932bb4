import { useId } from 'react'
import { Trans, useTranslation } from 'react-i18next'
import type { PurchaseOrder } from '@pg/shared/purchase'
import { Button } from '../../../components/ui/button'
import { AlertIcon, DownloadIcon } from '../../../components/ui/icons'
import { MailLink } from '../../../components/ui/mail-link'
import { useCreateDownloadLink } from '../api/create-download-link'
import { downloadBlock, downloadFailure } from '../model/order-download'
import { formatDateTime } from '../model/purchase-format'

/**
 * An order's bundle download: the button, how long it stays and how many downloads are left; or, once
 * it is gone, why and how to ask support. The link is asked for on the click (each link counts as one
 * download) and followed at once: the server answers it with the file.
 */
export function DownloadPanel({
  order,
  supportEmail,
  describedBy,
}: {
  order: PurchaseOrder
  supportEmail: string
  /** The order's title, so that each of several download buttons says which order it is. */
  describedBy: string
}) {
  const { t, i18n } = useTranslation()
  const download = useCreateDownloadLink()
  const hintId = useId()
  const block = downloadBlock(order)
  const { expiresAt, used, limit } = order.download

  if (block) {
    return (
      <div className="mt-4 space-y-2 rounded-lg bg-slate-50 p-4 text-sm text-slate-700 ring-1 ring-slate-200">
        <p>
          {t(`purchase.download.unavailable.${block}`, {
            date: formatDateTime(expiresAt, i18n.language),
            limit,
          })}
        </p>
        <p>
          <Trans
            i18nKey="purchase.download.askSupport"
            values={{ email: supportEmail }}
            components={{
              mail: (
                <MailLink
                  address={supportEmail}
                  subject={t('purchase.download.supportSubject', { order: order.$id })}
                />
              ),
            }}
          />
        </p>
      </div>
    )
  }

  const failure = download.isError ? downloadFailure(download.error) : null
  return (
    <div className="mt-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:gap-4">
        <Button
          size="lg"
          className="w-full sm:w-auto"
          disabled={download.isPending}
          aria-describedby={`${describedBy} ${hintId}`}
          onClick={() => download.mutate(order.$id, { onSuccess: (url) => window.location.assign(url) })}
        >
          <DownloadIcon className="size-5" />
          {download.isPending ? t('purchase.download.preparing') : t('purchase.download.button')}
        </Button>
        <p id={hintId} className="text-sm text-slate-600">
          {t('purchase.download.availableUntil', { date: formatDateTime(expiresAt, i18n.language) })}
          <span aria-hidden="true"> · </span>
          {/* Read as a pause rather than the middle dot, which the eye needs and the ear does not. */}
          <span className="sr-only">, </span>
          <span className="whitespace-nowrap">{t('purchase.download.used', { used, limit })}</span>
        </p>
      </div>
      {/* Present from the start, so that screen readers announce what appears in it. */}
      <div aria-live="assertive" className="text-sm font-medium">
        {failure && (
          <p className="mt-3 flex items-start gap-2 text-red-700">
            <AlertIcon className="mt-0.5 size-4 shrink-0" />
            <span>{t(`purchase.download.errors.${failure}`)}</span>
          </p>
        )}
        {download.isSuccess && <p className="mt-3 text-slate-700">{t('purchase.download.started')}</p>}
      </div>
    </div>
  )
}
