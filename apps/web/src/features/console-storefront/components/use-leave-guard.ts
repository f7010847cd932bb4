import { useEffect, useState } from 'react'
import { useBlocker } from 'react-router'
import type { SaveState } from '../hooks'

const KEPT: readonly SaveState[] = ['published', 'saved']

/**
 * Edits the server does not have yet are not left behind without a word: closing or reloading the tab
 * asks (beforeunload); going to another console page saves them first, and asks only if that fails.
 */
export function useLeaveGuard(state: SaveState, save: () => Promise<boolean>) {
  const unsaved = !KEPT.includes(state)
  const [asking, setAsking] = useState(false)
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => unsaved && currentLocation.pathname !== nextLocation.pathname,
  )

  useEffect(() => {
    if (!unsaved) return
    const warn = (event: BeforeUnloadEvent) => event.preventDefault()
    window.addEventListener('beforeunload', warn)
    return () => window.removeEventListener('beforeunload', warn)
  }, [unsaved])

  // Once per blocked navigation: the blocker object is new at every render, its state is not.
  const blocked = blocker.state === 'blocked'
  useEffect(() => {
    if (!blocked) return
    let current = true
    void save().then((saved) => {
      if (!current || blocker.state !== 'blocked') return
      if (saved) blocker.proceed()
      else setAsking(true)
    })
    return () => {
      current = false
    }
  }, [blocked, save])

  return {
    asking,
    stay: () => {
      setAsking(false)
      if (blocker.state === 'blocked') blocker.reset()
    },
    leave: () => {
      setAsking(false)
      if (blocker.state === 'blocked') blocker.proceed()
    },
  }
}
