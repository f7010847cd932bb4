import { useTranslation } from 'react-i18next'
import { Button } from '../../../components/ui/button'

/** Appends the next page; disabled and reading "Loading..." while it loads (seed-spec section 4). */
export function LoadMoreButton({ loading, onLoadMore }: { loading: boolean; onLoadMore: () => void }) {
  const { t } = useTranslation()
  return (
    <div className="mt-10 flex justify-center">
      <Button size="lg" variant="secondary" disabled={loading} onClick={onLoadMore} className="min-w-40">
        {loading ? t('gallery.loadingMore') : t('gallery.loadMore')}
      </Button>
    </div>
  )
}
