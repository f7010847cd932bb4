import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../../components/ui/button'
import { ChoiceFilter } from '../../../components/console/choice-filter'
import { inputClass, labelClass } from '../../../components/console/form-field'
import { MEMBER_STATUSES, SEARCH_MAX, type MemberFilter } from '../model/member-filter'

/**
 * The search (each word in the name or the email) applies when sent; the status at once. Both go back to
 * the first page. The form is keyed by the address's search, so back and forward show what is listed.
 */
export function MemberFilters({
  filter,
  onFilter,
}: {
  filter: MemberFilter
  onFilter: (change: Partial<MemberFilter>) => void
}) {
  const { t } = useTranslation()
  const id = useId()
  const [typed, setTyped] = useState(filter.search)
  return (
    <form
      role="search"
      aria-label={t('consoleMembers.filtersLabel')}
      className="rounded-xl border border-slate-200 bg-white p-4"
      onSubmit={(event) => {
        event.preventDefault()
        onFilter({ search: typed.trim(), offset: 0 })
      }}
    >
      <div className="grid gap-3 sm:grid-cols-[2fr_1fr] lg:grid-cols-[2fr_1fr_auto_auto] lg:items-end">
        <div>
          <label htmlFor={`${id}-search`} className={labelClass}>
            {t('consoleMembers.search')}
          </label>
          <input
            id={`${id}-search`}
            type="search"
            value={typed}
            maxLength={SEARCH_MAX}
            autoComplete="off"
            onChange={(event) => setTyped(event.target.value)}
            className={inputClass}
          />
        </div>
        <ChoiceFilter
          label={t('consoleMembers.status')}
          value={filter.status}
          choices={MEMBER_STATUSES}
          choiceName={(status) => t(`consoleMembers.statuses.${status}`)}
          onChoose={(status) => onFilter({ status, offset: 0 })}
        />
        <Button type="submit">{t('consoleMembers.searchButton')}</Button>
        <Button
          variant="secondary"
          disabled={!filter.search && !typed}
          onClick={() => {
            setTyped('')
            onFilter({ search: '', offset: 0 })
          }}
        >
          {t('consoleMembers.clearSearch')}
        </Button>
      </div>
    </form>
  )
}
