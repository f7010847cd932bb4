import { useQuery } from '@tanstack/react-query'
import { getWeekAnalytics } from './api/analytics-glance'
import { getOverview, getReadiness } from './api/overview-api'

/** Under the console's key: a change made elsewhere in the console reads the overview again. */
export const overviewKey = ['console', 'overview'] as const

export const useOverview = () => useQuery({ queryKey: overviewKey, queryFn: getOverview })

export const useReadiness = () => useQuery({ queryKey: [...overviewKey, 'readiness'], queryFn: getReadiness })

export const useWeekAnalytics = () =>
  useQuery({ queryKey: [...overviewKey, 'analytics', { days: 7 }], queryFn: getWeekAnalytics })
