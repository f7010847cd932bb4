import { createContext, useContext } from 'react'
import type { Problems } from '../model/content-check'

/** The problems found in the draft, by path: each field reads its own. */
export const ProblemsContext = createContext<Problems>({})

export const useProblem = (path: string): string | undefined => useContext(ProblemsContext)[path]
