import { ORDER_ACCESS, ORDER_STATUSES } from '@pg/shared/purchase'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../../components/ui/button'
import { DateRangeFields } from '../../../components/console/date-range-fields'
import { inputClass } from '../../../components/console/form-field'
import { ORDER_PROVIDERS, type OrderFilter, type OrderProvider } from '../model/order-filter'

const labelClass = 'block text-sm font-medium text-slate-800'

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
        <div>
          <label htmlFor={`${id}-status`} className={labelClass}>
            {t('consoleOrders.status')}
          </label>
          <select
            id={`${id}-status`}
            value={filter.status}
            onChange={(event) =>
              onFilter({ status: ORDER_STATUSES.find((s) => s === event.target.value) ?? '', offset: 0 })
            }
            className={inputClass}
          >
            <option value="">{t('console.common.all')}</option>
            {ORDER_STATUSES.map((status) => (
              <option key={status} value={status}>
                {t(`consoleOrders.statuses.${status}`)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-access`} className={labelClass}>
            {t('consoleOrders.access')}
          </label>
          <select
            id={`${id}-access`}
            value={filter.access}
            onChange={(event) =>
              onFilter({ access: ORDER_ACCESS.find((a) => a === event.target.value) ?? '', offset: 0 })
            }
            className={inputClass}
          >
            <option value="">{t('console.common.all')}</option>
            {ORDER_ACCESS.map((access) => (
              <option key={access} value={access}>
                {t(`consoleOrders.accessFilter.${access}`)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-provider`} className={labelClass}>
            {t('consoleOrders.provider')}
          </label>
          <select
            id={`${id}-provider`}
            value={filter.provider}
            onChange={(event) =>
              onFilter({
                provider: ORDER_PROVIDERS.find((p): p is OrderProvider => p === event.target.value) ?? '',
                offset: 0,
              })
            }
            className={inputClass}
          >
            <option value="">{t('console.common.all')}</option>
            {ORDER_PROVIDERS.map((provider) => (
              <option key={provider} value={provider}>
                {t(`consoleOrders.providers.${provider}`)}
              </option>
            ))}
          </select>
        </div>
        <DateRangeFields
          id={id}
          from={filter.from}
          to={filter.to}
          labels={{ from: t('consoleOrders.from'), to: t('consoleOrders.to') }}
          describedBy={`${id}-days`}
          onChange={(change) => onFilter({ ...change, offset: 0 })}
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
