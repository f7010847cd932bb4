import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { WebhookDelivery } from '../api/webhook-deliveries-api'
import { dateTimeFormat } from '../model/date-format'
import { useEventName } from './use-event-name'

const cell = 'px-4 py-3 align-top'
const badge =
  'inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset'
const tones: Record<WebhookDelivery['status'], string> = {
  pending: 'bg-amber-50 text-amber-900 ring-amber-200',
  delivered: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  failed: 'bg-red-50 text-red-800 ring-red-200',
}
export const DELIVERY_COLUMNS = 7

/**
 * One delivery (its own `<tbody>`): the event, where it went, how it stands, the last answer's code and
 * when it was made; a disclosure shows every attempt (time, code, duration, error), and "Redeliver"
 * sends it again with the same `webhook-id`.
 */
export function DeliveryRow({
  delivery,
  busy,
  onRedeliver,
}: {
  delivery: WebhookDelivery
  busy: boolean
  onRedeliver: (delivery: WebhookDelivery) => void
}) {
  const { t, i18n } = useTranslation()
  const id = useId()
  const eventName = useEventName()
  const [open, setOpen] = useState(false)
  const moments = dateTimeFormat(i18n.language)
  const exact = dateTimeFormat(i18n.language, true)
  const last = delivery.attempts.at(-1)
  const named = { event: eventName(delivery.event), url: delivery.url }
  return (
    <tbody className="border-t border-slate-100">
      <tr>
        <th scope="row" className={`${cell} text-left font-normal`}>
          <span className="block font-medium text-slate-900">{named.event}</span>
          <code className="text-xs text-slate-600">{delivery.event}</code>
        </th>
        <td className={`${cell} max-w-64 min-w-48 font-mono text-xs break-all text-slate-800`}>
          {delivery.url}
        </td>
        <td className={cell}>
          <span className={`${badge} ${tones[delivery.status]}`}>
            {t(`consoleAutomations.deliveries.statuses.${delivery.status}`)}
          </span>
          {delivery.status === 'pending' && delivery.nextAttemptAt && (
            <span className="mt-1 block text-xs whitespace-nowrap text-slate-600">
              {t('consoleAutomations.deliveries.nextAttempt', {
                date: moments.format(new Date(delivery.nextAttemptAt)),
              })}
            </span>
          )}
        </td>
        <td className={`${cell} whitespace-nowrap text-slate-800 tabular-nums`}>
          {last?.statusCode ?? (last ? t('consoleAutomations.deliveries.noAnswer') : '—')}
        </td>
        <td className={`${cell} whitespace-nowrap text-slate-700`}>
          <time dateTime={delivery.$createdAt}>{moments.format(new Date(delivery.$createdAt))}</time>
        </td>
        <td className={cell}>
          {delivery.attempts.length === 0 ? (
            <span className="text-slate-700">
              {t('consoleAutomations.deliveries.attempts', { count: 0 })}
            </span>
          ) : (
            <button
              type="button"
              aria-expanded={open}
              aria-controls={`${id}-attempts`}
              onClick={() => setOpen(!open)}
              className="inline-flex min-h-8 items-center gap-1.5 rounded-lg px-2 py-1 text-sm font-medium whitespace-nowrap text-blue-700 ring-1 ring-slate-300 ring-inset hover:bg-slate-50"
            >
              <svg
                viewBox="0 0 20 20"
                aria-hidden="true"
                className={`size-4 transition-transform ${open ? 'rotate-90' : ''}`}
                fill="currentColor"
              >
                <path d="M7 5l6 5-6 5z" />
              </svg>
              {t('consoleAutomations.deliveries.attempts', { count: delivery.attempts.length })}
              <span className="sr-only">: {t('consoleAutomations.deliveries.attemptsOf', named)}</span>
            </button>
          )}
        </td>
        <td className={`${cell} text-right`}>
          <button
            type="button"
            disabled={busy}
            onClick={() => onRedeliver(delivery)}
            aria-label={t('consoleAutomations.deliveries.redeliverNamed', named)}
            className="min-h-8 rounded-md px-2 font-medium whitespace-nowrap text-blue-700 hover:bg-blue-50 disabled:opacity-60"
          >
            {t('consoleAutomations.deliveries.redeliver')}
          </button>
        </td>
      </tr>
      <tr id={`${id}-attempts`} hidden={!open}>
        <td colSpan={DELIVERY_COLUMNS} className="bg-slate-50 px-4 pb-4">
          {open && (
            <table className="mt-2 text-sm">
              <caption className="sr-only">{t('consoleAutomations.deliveries.attemptsOf', named)}</caption>
              <thead className="text-left text-slate-700">
                <tr>
                  <th scope="col" className="py-1 pr-6 font-semibold">
                    {t('consoleAutomations.deliveries.attemptColumns.at')}
                  </th>
                  <th scope="col" className="py-1 pr-6 font-semibold">
                    {t('consoleAutomations.deliveries.attemptColumns.code')}
                  </th>
                  <th scope="col" className="py-1 pr-6 text-right font-semibold">
                    {t('consoleAutomations.deliveries.attemptColumns.duration')}
                  </th>
                  <th scope="col" className="py-1 font-semibold">
                    {t('consoleAutomations.deliveries.attemptColumns.error')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {delivery.attempts.map((attempt, at) => (
                  <tr key={`${at} ${attempt.at}`} className="border-t border-slate-200">
                    <td className="py-1 pr-6 whitespace-nowrap text-slate-700">
                      <time dateTime={attempt.at}>{exact.format(new Date(attempt.at))}</time>
                    </td>
                    <td className="py-1 pr-6 text-slate-900 tabular-nums">
                      {attempt.statusCode ?? t('consoleAutomations.deliveries.noAnswer')}
                    </td>
                    <td className="py-1 pr-6 text-right whitespace-nowrap text-slate-700 tabular-nums">
                      {t('consoleAutomations.deliveries.duration', { ms: attempt.durationMs })}
                    </td>
                    {/* The server says why in English (`timeout`, `HTTP 500`): marked so for screen readers. */}
                    <td className="py-1 break-words text-slate-800" lang={attempt.error ? 'en' : undefined}>
                      {attempt.error ?? '—'}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </td>
      </tr>
    </tbody>
  )
}
