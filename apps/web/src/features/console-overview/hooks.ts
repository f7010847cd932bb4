import { useQuery } from '@tanstack/react-query'
import { getOverview, getReadiness } from './api/overview-api'

/** Under the console's key: a change made elsewhere in the console reads the overview again. */
export const overviewKey = ['console', 'overview'] as const

export const useOverview = () => useQuery({ queryKey: overviewKey, queryFn: getOverview })

export const useReadiness = () => useQuery({ queryKey: [...overviewKey, 'readiness'], queryFn: getReadiness })
