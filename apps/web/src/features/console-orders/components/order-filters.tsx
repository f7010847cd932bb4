import { ORDER_ACCESS, ORDER_STATUSES } from '@pg/shared/purchase'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../../components/ui/button'
import { DateRangeFilter } from '../../../components/console/date-range-filter'
import { ChoiceFilter } from '../../../components/console/choice-filter'
import { ORDER_PROVIDERS, type OrderFilter } from '../model/order-filter'

/** Status, access, provider and days: each change applies at once and goes back to the first page. */
export function OrderFilters({
  filter,
  onFilter,
}: {
  filter: OrderFilter
  onFilter: (change: Partial<OrderFilter>) => void
}) {
  const { t } = useTranslation()
  const id = useId()
  const filtered = Boolean(filter.status || filter.access || filter.provider || filter.from || filter.to)
  return (
    <form
      aria-label={t('consoleOrders.filtersLabel')}
      className="rounded-xl border border-slate-200 bg-white p-4"
      onSubmit={(event) => event.preventDefault()}
    >
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_1fr_1fr_1fr_auto] lg:items-end">
        <ChoiceFilter
          label={t('consoleOrders.status')}
          value={filter.status}
          choices={ORDER_STATUSES}
          choiceName={(status) => t(`consoleOrders.statuses.${status}`)}
          onChoose={(status) => onFilter({ status, offset: 0 })}
        />
        <ChoiceFilter
          label={t('consoleOrders.access')}
          value={filter.access}
          choices={ORDER_ACCESS}
          choiceName={(access) => t(`consoleOrders.accessFilter.${access}`)}
          onChoose={(access) => onFilter({ access, offset: 0 })}
        />
        <ChoiceFilter
          label={t('consoleOrders.provider')}
          value={filter.provider}
          choices={ORDER_PROVIDERS}
          choiceName={(provider) => t(`consoleOrders.providers.${provider}`)}
          onChoose={(provider) => onFilter({ provider, offset: 0 })}
        />
        <DateRangeFilter
          range={filter}
          labels={{ from: t('consoleOrders.from'), to: t('consoleOrders.to') }}
          describedBy={`${id}-days`}
          onRange={(change) => onFilter({ ...change, offset: 0 })}
        />
        <Button
          variant="secondary"
          disabled={!filtered}
          onClick={() => onFilter({ status: '', access: '', provider: '', from: '', to: '', offset: 0 })}
        >
          {t('consoleOrders.clearFilters')}
        </Button>
      </div>
      <p id={`${id}-days`} className="mt-2 text-xs text-slate-600">
        {t('consoleOrders.daysHint')}
      </p>
    </form>
  )
}
