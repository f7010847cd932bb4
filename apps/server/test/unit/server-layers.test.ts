import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { ESLint } from 'eslint'
import { beforeAll, describe, expect, it } from 'vitest'

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..')

describe('the server’s one-way layers (apps/server/layers.js, decision 059)', () => {
  let eslint: ESLint
  beforeAll(() => {
    eslint = new ESLint({ cwd: repo })
  })

  const problemsOf = async (file: string, code: string) => {
    const [result] = await eslint.lintText(code, { filePath: path.join(repo, file) })
    return (result?.messages ?? []).map((message) => `${message.ruleId}: ${message.message}`)
  }

  it('lint refuses an import that goes up: the database layer reaching for selling', async () => {
    const problems = await problemsOf(
      'apps/server/src/platform/db/upward.ts',
      "import { MANUAL_PROVIDER } from '../../selling/orders/order-event'\nexport const provider = MANUAL_PROVIDER\n",
    )
    expect(problems).toEqual([
      expect.stringMatching(
        /^import-x\/no-restricted-paths: .*platform\/db may import only what is below it/,
      ),
    ])
  })

  it('lint refuses an import sideways: mail reaching into the pages beside it', async () => {
    const problems = await problemsOf(
      'apps/server/src/mail/sideways.ts',
      "import { pickLanguage } from '../pages/page-language'\nexport const pick = pickLanguage\n",
    )
    expect(problems).toEqual([expect.stringMatching(/mail may import only what is below it/)])
  })

  it('lint lets a wing import what is below it', async () => {
    const problems = await problemsOf(
      'apps/server/src/selling/orders/downward.ts',
      "import { endMemberAccess } from '../../members/account/ended-access'\nexport const end = endMemberAccess\n",
    )
    expect(problems).toEqual([])
  })

  it('the committed picture (docs/server-layers.md) is the code’s', () => {
    const check = spawnSync(process.execPath, ['apps/server/scripts/draw-layers.mjs', '--check'], {
      cwd: repo,
      encoding: 'utf8',
    })
    expect(check.stderr).toBe('')
    expect(check.status).toBe(0)
  })
})
