import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { StorefrontContent } from '@pg/shared/storefront/content'
import { consoleErrorText } from '../../lib/console/console-error'
import { saveDraft } from './api/storefront-draft'
import { previewKey } from './api/storefront-preview'
import { readRefusal, winnerOf, type OtherDraft } from './api/storefront-refusal'
import { storefrontStateQuery, type StorefrontState } from './api/storefront-state'
import { checkContent, type Problems } from './model/content-check'
import { changedPaths } from './model/content-paths'

/** How long after the last change the draft is saved by itself. */
export const AUTOSAVE_DELAY_MS = 1500

/**
 * Where the owner's edits are: the published version untouched, saved in the draft, being saved, not
 * saved yet, refused by the checks, failed (network), or held back by someone else's newer draft.
 */
export type SaveState = 'published' | 'saved' | 'saving' | 'unsaved' | 'invalid' | 'failed' | 'conflict'

export interface Conflict {
  /** Their draft, or the published version when the draft was published or discarded meanwhile. */
  draft: OtherDraft
  gone: boolean
  /** The fields where it differs from this one. */
  paths: string[]
}

/** What the form starts from again after a publish, a restore or a discarded draft. */
export const startOf = (state: StorefrontState) => ({
  content: state.draft?.content ?? state.published.content,
  revision: state.draft?.revision ?? state.revision,
  savedAt: state.draft?.updatedAt ?? null,
})

/**
 * The draft being edited: every change is saved to the server's draft 1.5 s after the last one (or at
 * once by `save`), over the revision it started from, so a reload or a restart keeps it and nobody's
 * draft is overwritten without the owner choosing to. Saves run one after another.
 */
export function useDraftEditor(initial: StorefrontState) {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const start = startOf(initial)
  const [content, setShown] = useState(start.content)
  const [state, setState] = useState<SaveState>(initial.draft ? 'saved' : 'published')
  const [savedAt, setSavedAt] = useState(start.savedAt)
  const [problems, setProblems] = useState<Problems>({})
  const [failure, setFailure] = useState('')
  const [conflict, setConflict] = useState<Conflict | null>(null)
  const latest = useRef(start.content)
  const revision = useRef(start.revision)
  // Edits made, and how many of them the server has: equal when nothing is left to save.
  const edits = useRef(0)
  const savedEdits = useRef(0)
  const blocked = useRef(false)
  const queue = useRef<Promise<unknown>>(Promise.resolve())
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined)

  /** Says why the server refused: their newer draft (nothing saved over it), problems, or a failure. */
  const refused = useCallback(
    async (error: unknown) => {
      const refusal = readRefusal(error)
      if (refusal?.kind === 'conflict') {
        blocked.current = true
        const winner = await winnerOf(refusal.current, () => queryClient.fetchQuery(storefrontStateQuery()))
        setConflict({ ...winner, paths: changedPaths(latest.current, winner.draft.content) })
        setState('conflict')
      } else if (refusal?.kind === 'invalid') {
        setProblems(refusal.problems)
        setFailure(refusal.message)
        setState('invalid')
      } else {
        setFailure(consoleErrorText(error, t))
        setState('failed')
      }
    },
    [queryClient, t],
  )

  const saveOnce = useCallback(async (): Promise<boolean> => {
    if (blocked.current) return false
    if (edits.current === savedEdits.current) return true
    const sent = edits.current
    const body = latest.current
    const found = checkContent(body, t)
    setProblems(found)
    if (Object.keys(found).length > 0) {
      setFailure('')
      setState('invalid')
      return false
    }
    setState('saving')
    try {
      const draft = await saveDraft(body, revision.current)
      revision.current = draft.revision
      savedEdits.current = sent
      setFailure('')
      setSavedAt(draft.updatedAt)
      setState(edits.current === sent ? 'saved' : 'unsaved')
      void queryClient.invalidateQueries({ queryKey: previewKey })
      return true
    } catch (error) {
      const refusal = readRefusal(error)
      // Their draft says what this one says: nothing of theirs would be lost, so this one is saved.
      if (
        refusal?.kind === 'conflict' &&
        refusal.current &&
        changedPaths(body, refusal.current.content).length === 0
      ) {
        revision.current = refusal.current.revision
        savedEdits.current = sent
        setState(edits.current === sent ? 'saved' : 'unsaved')
        return true
      }
      await refused(error)
      return false
    }
  }, [queryClient, refused, t])

  /** Saves what is not saved yet; true when the server has all of it. */
  const save = useCallback((): Promise<boolean> => {
    clearTimeout(timer.current)
    const run = queue.current.then(saveOnce)
    queue.current = run.catch(() => false)
    return run
  }, [saveOnce])

  const setContent = useCallback(
    (next: StorefrontContent) => {
      latest.current = next
      edits.current += 1
      setShown(next)
      if (!blocked.current) setState('unsaved')
      clearTimeout(timer.current)
      timer.current = setTimeout(() => void save(), AUTOSAVE_DELAY_MS)
    },
    [save],
  )

  /** Starts again from what the server holds now (after a publish, a restore, a discarded draft). */
  const reset = useCallback((next: StorefrontState) => {
    const fresh = startOf(next)
    clearTimeout(timer.current)
    latest.current = fresh.content
    revision.current = fresh.revision
    savedEdits.current = edits.current
    blocked.current = false
    setShown(fresh.content)
    setSavedAt(fresh.savedAt)
    setProblems({})
    setFailure('')
    setConflict(null)
    setState(next.draft ? 'saved' : 'published')
  }, [])

  /** What won replaces this draft: the edits made here are gone. */
  const loadTheirs = useCallback(({ draft, gone }: Conflict) => {
    latest.current = draft.content
    revision.current = draft.revision
    savedEdits.current = edits.current
    blocked.current = false
    setShown(draft.content)
    setSavedAt(gone ? null : draft.updatedAt)
    setProblems({})
    setConflict(null)
    setState(gone ? 'published' : 'saved')
  }, [])

  /** This draft is saved over what won, knowingly: sent again with its revision. */
  const keepMine = useCallback(
    ({ draft }: Conflict) => {
      revision.current = draft.revision
      blocked.current = false
      // Sent again even when it was saved before theirs (a refused publish): it is what must win now.
      edits.current += 1
      setConflict(null)
      return save()
    },
    [save],
  )

  useEffect(() => () => clearTimeout(timer.current), [])

  return {
    content,
    setContent,
    state,
    savedAt,
    problems,
    failure,
    conflict,
    save,
    /** Shows why a publish was refused as a save's refusal is shown. */
    refused,
    reset,
    loadTheirs,
    keepMine,
    /** The revision a publish must name: that of the draft saved last. */
    revision: () => revision.current,
  }
}

export type DraftEditor = ReturnType<typeof useDraftEditor>
