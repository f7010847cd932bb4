/**
 * The kill -9 tests stop a backup or a restore at a chosen step: with GALLERY_TEST_PAUSE_AT naming that
 * step, the process says so on stderr and waits there until it is killed. Unset, this does nothing.
 */
export async function pauseForTests(step: string): Promise<void> {
  if (process.env.GALLERY_TEST_PAUSE_AT !== step) return
  process.stderr.write(`paused at ${step}\n`)
  setInterval(() => undefined, 60_000)
  await new Promise<never>(() => undefined)
}

/** Whether this run stops at `step` (for a step that must first hold back what it would pass on). */
export const pausesAt = (step: string) => process.env.GALLERY_TEST_PAUSE_AT === step
