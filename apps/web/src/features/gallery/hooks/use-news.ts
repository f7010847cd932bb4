import { useQuery } from '@tanstack/react-query'
import { catalogStateQuery, newProjectsQuery } from './gallery-queries'

/**
 * The projects added since the member's previous visit (issue 32): since when, the newest of them and how
 * many. The dashboard and the menu's count share one request. Off for visitors (`enabled`).
 */
export function useNews(enabled = true) {
  const state = useQuery({ ...catalogStateQuery(), enabled })
  const since = state.data?.newsSince ?? null
  const news = useQuery({ ...newProjectsQuery(since ?? ''), enabled: enabled && since !== null })
  return {
    since,
    news: news.data,
    isPending: state.isPending || (since !== null && news.isPending),
    isError: state.isError || news.isError,
  }
}
