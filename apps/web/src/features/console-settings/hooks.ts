import { useQuery } from '@tanstack/react-query'
import { getReadiness } from './api/settings-api'

export const settingsKey = ['console', 'settings'] as const

export const useReadiness = () => useQuery({ queryKey: settingsKey, queryFn: getReadiness })
