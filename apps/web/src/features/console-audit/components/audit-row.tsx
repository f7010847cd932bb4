import { useId, useState } from 'react'
import { Link } from 'react-router'
import { useTranslation } from 'react-i18next'
import type { AuditEntry } from '../api/audit-api'
import { AUDIT_ACTIONS, isAuditAction, isAuditSource } from '../model/audit-actions'
import { fieldDiff, subjectName } from '../model/field-diff'
import { FieldDiffTable } from './field-diff-table'

const cell = 'px-4 py-3 align-top'
const KINDS = [
  'projects',
  'categories',
  'tags',
  'project_tags',
  'users',
  'orders',
  'settings',
  'backups',
] as const

/** What an event changed: `projects/demo-0001` as "Project", its id, and its name when the row has one. */
function useTarget(event: AuditEntry) {
  const { t } = useTranslation()
  const slash = event.subject.indexOf('/')
  const kind = KINDS.find((known) => known === event.subject.slice(0, slash))
  const name = subjectName(event.before, event.after)
  const label = kind ? t(`consoleAudit.kinds.${kind}`) : null
  return { kind, label, name, id: kind ? event.subject.slice(slash + 1) : event.subject }
}

/**
 * One event (its own `<tbody>`): when, who, from where, what and on what; a disclosure button shows
 * before → after for the fields that changed.
 */
export function AuditRow({ event }: { event: AuditEntry }) {
  const { t, i18n } = useTranslation()
  const id = useId()
  const [open, setOpen] = useState(false)
  const target = useTarget(event)
  const changes = fieldDiff(event.before, event.after)
  const action = isAuditAction(event.action)
    ? t(`consoleAudit.actions.${AUDIT_ACTIONS[event.action]}`)
    : event.action
  const source = isAuditSource(event.source) ? event.source : null
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'medium' })
  const targetText = target.name ?? event.subject
  return (
    <tbody className="border-t border-slate-100">
      <tr>
        <td className={`${cell} whitespace-nowrap text-slate-700`}>
          <time dateTime={event.$createdAt}>{when.format(new Date(event.$createdAt))}</time>
        </td>
        <td className={`${cell} wrap-break-word text-slate-900`}>{event.actor}</td>
        <td className={cell}>
          <span className="inline-flex rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-800 ring-1 ring-slate-300 ring-inset">
            {source ? t(`consoleAudit.sources.${source}`) : event.source}
          </span>
        </td>
        <th scope="row" className={`${cell} text-left font-medium text-slate-900`}>
          {action}
        </th>
        <td className={`${cell} text-slate-700`}>
          {(target.label || target.name) && (
            <span className="block text-slate-900">
              {target.label}
              {target.label && target.name && ': '}
              {target.name && <span className="font-medium">{target.name}</span>}
            </span>
          )}
          {target.kind === 'orders' ? (
            <Link
              to={`/admin/orders?order=${encodeURIComponent(target.id)}`}
              className="text-xs break-all text-blue-700 underline hover:text-blue-900"
            >
              <span className="sr-only">{t('consoleAudit.openOrder')}: </span>
              <code>{event.subject}</code>
            </Link>
          ) : (
            <code className="block text-xs break-all text-slate-600">{event.subject}</code>
          )}
        </td>
        <td className={cell}>
          {changes.length > 0 && (
            <button
              type="button"
              aria-expanded={open}
              aria-controls={`${id}-changes`}
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
              {t('consoleAudit.changes', { count: changes.length })}
              <span className="sr-only">: {targetText}</span>
            </button>
          )}
        </td>
      </tr>
      <tr id={`${id}-changes`} hidden={!open}>
        <td colSpan={6} className="bg-slate-50 px-4 pb-4">
          {open && <FieldDiffTable changes={changes} target={targetText} />}
        </td>
      </tr>
    </tbody>
  )
}
