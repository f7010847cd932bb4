import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../../components/ui/button'
import { usePurchase } from '../api/get-purchase'
import { PurchaseDetails } from './purchase-details'

/** The shape of an order while it loads (hidden from screen readers: the status line speaks). */
function PurchaseSkeleton() {
  return (
    <div aria-hidden="true" className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6">
      <div className="flex justify-between gap-4">
        <div className="h-5 w-1/2 animate-pulse rounded bg-slate-200" />
        <div className="h-5 w-16 animate-pulse rounded-full bg-slate-200" />
      </div>
      <div className="mt-3 h-4 w-1/3 animate-pulse rounded bg-slate-100" />
      <div className="mt-6 h-12 w-full animate-pulse rounded-lg bg-slate-200 sm:w-56" />
    </div>
  )
}

/** "My purchase" on the dashboard: loading, a failure with a way to try again, or the purchase. */
export function PurchaseSection() {
  const { t } = useTranslation()
  const query = usePurchase()
  useEffect(() => {
    if (query.error) console.error('Purchase load error', query.error)
  }, [query.error])

  return (
    <section aria-labelledby="my-purchase" className="mx-auto max-w-6xl px-4 pt-8 sm:px-6 lg:px-8">
      <h2 id="my-purchase" className="mb-6 text-xl font-bold tracking-tight text-slate-900">
        {t('purchase.heading')}
      </h2>
      {query.isPending ? (
        <div>
          <p role="status" className="mb-4 text-slate-600">
            {t('purchase.loading')}
          </p>
          <PurchaseSkeleton />
        </div>
      ) : query.isError ? (
        <div className="flex flex-col items-center gap-4 rounded-xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center">
          <p role="alert" className="text-red-700">
            {t('purchase.loadFailed')}
          </p>
          <Button variant="secondary" onClick={() => void query.refetch()} disabled={query.isFetching}>
            {t('purchase.retry')}
          </Button>
        </div>
      ) : (
        <PurchaseDetails purchase={query.data} />
      )}
    </section>
  )
}
