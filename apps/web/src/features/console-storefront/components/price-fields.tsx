import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { priceSchema, type StorefrontPrice } from '@pg/shared/storefront/content'
import { inputClass } from '../../../components/console/form-field'
import { part, type Bound } from '../model/bound'
import { FieldFrame, TextField } from './fields'
import { useProblem } from './problems-context'

/** The currencies most stores here sell in; any other ISO 4217 code is typed. */
const COMMON_CURRENCIES = ['USD', 'EUR', 'MXN', 'COP', 'ARS', 'CLP', 'PEN', 'BRL', 'GBP', 'CAD'] as const
const OTHER = 'other'

/** How the pages will show the price, as the store's formatter does (whole amounts without decimals). */
function shown(price: StorefrontPrice, language: string): string | null {
  if (!priceSchema.safeParse(price).success) return null
  return new Intl.NumberFormat(language, {
    style: 'currency',
    currency: price.currency,
    trailingZeroDisplay: 'stripIfInteger',
  }).format(Number(price.amount))
}

/** The offer's price: an amount as typed ("29.90") and its currency, with how each page will show it. */
export function PriceFields({ bound }: { bound: Bound<StorefrontPrice> }) {
  const { t, i18n } = useTranslation()
  const currency = part(bound, 'currency')
  const [other, setOther] = useState(!COMMON_CURRENCIES.some((code) => code === currency.value))
  const currencyError = useProblem(currency.path)
  const names = new Intl.DisplayNames(i18n.language, { type: 'currency' })
  const spanish = shown(bound.value, 'es')
  const english = shown(bound.value, 'en')
  return (
    <div className="grid gap-4 md:grid-cols-3">
      <TextField
        label={t('consoleStorefront.labels.amount')}
        bound={part(bound, 'amount')}
        inputMode="decimal"
        hint={
          spanish && english
            ? t('consoleStorefront.hints.priceShown', { es: spanish, en: english })
            : t('consoleStorefront.hints.priceFormat')
        }
      />
      <FieldFrame
        path={other ? `${currency.path}-choice` : currency.path}
        label={t('consoleStorefront.labels.currency')}
        error={other ? undefined : currencyError}
      >
        {(props) => (
          <select
            {...props}
            value={other ? OTHER : currency.value}
            onChange={(event) => {
              const chosen = event.target.value
              setOther(chosen === OTHER)
              if (chosen !== OTHER) currency.onChange(chosen)
            }}
            className={inputClass}
          >
            {COMMON_CURRENCIES.map((code) => (
              <option key={code} value={code}>
                {code} · {names.of(code)}
              </option>
            ))}
            <option value={OTHER}>{t('consoleStorefront.price.otherCurrency')}</option>
          </select>
        )}
      </FieldFrame>
      {other && (
        <FieldFrame
          path={currency.path}
          label={t('consoleStorefront.price.code')}
          hint={t('consoleStorefront.hints.currencyCode')}
          error={currencyError}
        >
          {(props) => (
            <input
              {...props}
              value={currency.value}
              maxLength={3}
              autoCapitalize="characters"
              onChange={(event) => currency.onChange(event.target.value.toUpperCase())}
              className={inputClass}
            />
          )}
        </FieldFrame>
      )}
    </div>
  )
}
