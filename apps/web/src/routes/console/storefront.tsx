import { useSearchParams } from 'react-router'
import { useTranslation } from 'react-i18next'
import { ConsolePage, LoadState } from '../../components/console/console-page'
import { useStorefrontState } from '../../features/console-storefront/api/storefront-state'
import { StorefrontEditor } from '../../features/console-storefront/components/storefront-editor'
import { VIEWS } from '../../features/console-storefront/model/views'
import { readChoice } from '../../lib/console/filter-address'

/**
 * "Tienda" (issue 41, decision 073): the owner's words, prices and policies of the public pages, edited
 * as a draft that is saved as it is typed, previewed, published as a version, and restored from the
 * history. The form or panel shown is in the address (`?view=offer`).
 */
export function StorefrontRoute() {
  const { t } = useTranslation()
  const [params, setParams] = useSearchParams()
  const view = readChoice(VIEWS, params.get('view')) || 'store'
  const state = useStorefrontState()
  return (
    <ConsolePage title={t('console.nav.storefront')} description={t('consoleStorefront.description')}>
      {state.data ? (
        <StorefrontEditor
          initial={state.data}
          view={view}
          onView={(next) => setParams(next === 'store' ? {} : { view: next })}
        />
      ) : (
        <LoadState query={state} />
      )}
    </ConsolePage>
  )
}
