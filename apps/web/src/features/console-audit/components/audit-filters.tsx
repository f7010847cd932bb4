import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../../components/ui/button'
import { ChoiceFilter } from '../../../components/console/choice-filter'
import { DateRangeFilter } from '../../../components/console/date-range-filter'
import { inputClass, labelClass } from '../../../components/console/form-field'
import { AUDIT_ACTIONS, AUDIT_SOURCES, isAuditAction, type AuditAction } from '../model/audit-actions'
import type { AuditFilter } from '../model/audit-filter'

const hintClass = 'mt-1 text-xs text-slate-600'

/**
 * The console's actions are named with dots (`order.grant`), the CLI's by their command; an import is
 * `catalog import` from both, listed once with the console's. A member's own changes (`account.…`) and
 * what becomes of a backup (`backup.…`: uploads and retention by the store itself, a restore) and the
 * automations' keys and webhooks (`apiKey.…`, `webhook.…`) have their own groups.
 */
const ACTIONS = Object.keys(AUDIT_ACTIONS).filter(isAuditAction)
const BOTH: AuditAction = 'catalog import'
const OWN = (action: AuditAction) => action.startsWith('account.')
const BACKUP = (action: AuditAction) => action.startsWith('backup.')
const AUTOMATION = (action: AuditAction) => action.startsWith('apiKey.') || action.startsWith('webhook.')
const GROUPS = [
  {
    key: 'console',
    actions: ACTIONS.filter(
      (action) =>
        (action.includes('.') && !OWN(action) && !BACKUP(action) && !AUTOMATION(action)) || action === BOTH,
    ),
  },
  { key: 'cli', actions: ACTIONS.filter((action) => !action.includes('.') && action !== BOTH) },
  { key: 'member', actions: ACTIONS.filter(OWN) },
  { key: 'backups', actions: ACTIONS.filter(BACKUP) },
  { key: 'automations', actions: ACTIONS.filter(AUTOMATION) },
] as const

/**
 * Action, source and days apply at once; who and the target (matched exactly, as the server compares)
 * when the form is sent.
 */
export function AuditFilters({
  filter,
  onFilter,
}: {
  filter: AuditFilter
  onFilter: (change: Partial<AuditFilter>) => void
}) {
  const { t } = useTranslation()
  const id = useId()
  const [actor, setActor] = useState(filter.actor)
  const [subject, setSubject] = useState(filter.subject)
  const filtered = Object.entries(filter).some(([key, value]) => key !== 'offset' && value !== '')
  const actionName = (action: AuditAction) => t(`consoleAudit.actions.${AUDIT_ACTIONS[action]}`)
  return (
    <form
      aria-label={t('consoleAudit.filtersLabel')}
      className="space-y-3 rounded-xl border border-slate-200 bg-white p-4"
      onSubmit={(event) => {
        event.preventDefault()
        onFilter({ actor: actor.trim(), subject: subject.trim(), offset: 0 })
      }}
    >
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <label htmlFor={`${id}-action`} className={labelClass}>
            {t('consoleAudit.action')}
          </label>
          <select
            id={`${id}-action`}
            value={filter.action}
            onChange={(event) => {
              const action = event.target.value
              onFilter({ action: isAuditAction(action) ? action : '', offset: 0 })
            }}
            className={inputClass}
          >
            <option value="">{t('console.common.all')}</option>
            {GROUPS.map((group) => (
              <optgroup key={group.key} label={t(`consoleAudit.actionGroups.${group.key}`)}>
                {group.actions.map((action) => (
                  <option key={action} value={action}>
                    {group.key === 'cli' ? `${actionName(action)} (${action})` : actionName(action)}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
        </div>
        <ChoiceFilter
          label={t('consoleAudit.source')}
          value={filter.source}
          choices={AUDIT_SOURCES}
          choiceName={(source) => t(`consoleAudit.sources.${source}`)}
          onChoose={(source) => onFilter({ source, offset: 0 })}
        />
        <DateRangeFilter
          range={filter}
          labels={{ from: t('consoleAudit.from'), to: t('consoleAudit.to') }}
          describedBy={`${id}-days`}
          onRange={(change) => onFilter({ ...change, offset: 0 })}
        />
      </div>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_auto_auto] lg:items-start">
        <div>
          <label htmlFor={`${id}-actor`} className={labelClass}>
            {t('consoleAudit.actor')}
          </label>
          <input
            id={`${id}-actor`}
            value={actor}
            autoComplete="off"
            spellCheck={false}
            aria-describedby={`${id}-actor-hint`}
            onChange={(event) => setActor(event.target.value)}
            className={inputClass}
          />
          <p id={`${id}-actor-hint`} className={hintClass}>
            {t('consoleAudit.actorHint')}
          </p>
        </div>
        <div>
          <label htmlFor={`${id}-subject`} className={labelClass}>
            {t('consoleAudit.subject')}
          </label>
          <input
            id={`${id}-subject`}
            value={subject}
            autoComplete="off"
            spellCheck={false}
            aria-describedby={`${id}-subject-hint`}
            onChange={(event) => setSubject(event.target.value)}
            className={inputClass}
          />
          <p id={`${id}-subject-hint`} className={hintClass}>
            {t('consoleAudit.subjectHint')}
          </p>
        </div>
        <Button type="submit" variant="secondary" className="lg:mt-6">
          {t('consoleAudit.apply')}
        </Button>
        <Button
          variant="secondary"
          className="lg:mt-6"
          disabled={!filtered}
          onClick={() => {
            setActor('')
            setSubject('')
            onFilter({ action: '', source: '', actor: '', subject: '', from: '', to: '', offset: 0 })
          }}
        >
          {t('consoleAudit.clearFilters')}
        </Button>
      </div>
      <p id={`${id}-days`} className={hintClass}>
        {t('consoleAudit.daysHint')}
      </p>
    </form>
  )
}
