import { appendFileSync } from 'node:fs'
import type { Reporter, TestModule } from 'vitest/node'

/**
 * A Vitest reporter for `npm run test:profile`: one JSON line per test file, with its project, how long
 * it took from import to its last test (what a worker spent on it) and how many tests it holds.
 * The file it appends to is `VITEST_FILE_TIMES`.
 */
export default class VitestFileTimes implements Reporter {
  private readonly output = process.env.VITEST_FILE_TIMES

  onTestModuleEnd(module: TestModule): void {
    if (!this.output) return
    const times = module.diagnostic()
    const tests = [...module.children.allTests()]
    const line = {
      project: module.project.name,
      file: module.relativeModuleId,
      seconds:
        (times.environmentSetupDuration +
          times.prepareDuration +
          times.collectDuration +
          times.setupDuration +
          times.duration) /
        1000,
      tests: tests.length,
      failed: tests.filter((test) => test.result().state === 'failed').length,
    }
    appendFileSync(this.output, `${JSON.stringify(line)}\n`)
  }
}
