import {
  ENVIRONMENT_VARIABLES,
  missingForSelling,
  type SettingInForce,
  type SettingSource,
} from '../selling/downloads/store-settings'
import type { AdminContext } from './admin-context'
import { done, type AdminRequest, type AdminResult } from './admin-request'

type SettingsRequest = Extract<AdminRequest, { command: `settings ${string}` }>

const sourceText = (setting: SettingInForce): string => {
  const words: Record<SettingSource, string> = {
    cli: 'CLI setting',
    environment: `environment (${ENVIRONMENT_VARIABLES[setting.key]})`,
    default: 'default',
    unset: `unset (settings set ${setting.key}, or ${ENVIRONMENT_VARIABLES[setting.key]})`,
  }
  return words[setting.source]
}

const inForceText = (setting: SettingInForce | undefined) =>
  setting ? `${setting.value ?? '(none)'}, from ${sourceText(setting)}` : '(none)'

export async function runSettingsCommand(
  { settings }: AdminContext,
  request: SettingsRequest,
): Promise<AdminResult> {
  switch (request.command) {
    case 'settings show':
      return showSettings(await settings.inForce(), request.json)
    case 'settings set':
      await settings.set(request.key, request.value)
      return done(
        `${request.key} set to ${request.value}; it wins over ${ENVIRONMENT_VARIABLES[request.key]} and applies at once.\n`,
      )
    case 'settings unset': {
      const removed = await settings.unset(request.key)
      const now = (await settings.inForce()).find((setting) => setting.key === request.key)
      return done(
        removed
          ? `${request.key} unset; now: ${inForceText(now)}.\n`
          : `${request.key} was not set with the CLI; nothing changed (now: ${inForceText(now)}).\n`,
      )
    }
  }
}

async function showSettings(inForce: SettingInForce[], json: boolean): Promise<AdminResult> {
  const missing = await missingForSelling(inForce)
  if (json) {
    const rows = inForce.map((setting) => ({ ...setting, variable: ENVIRONMENT_VARIABLES[setting.key] }))
    return done(`${JSON.stringify({ settings: rows, missing }, null, 2)}\n`)
  }
  const table = [
    ['KEY', 'VALUE', 'FROM'],
    ...inForce.map((setting) => [setting.key, setting.value ?? '-', sourceText(setting)]),
  ]
  const widths = [0, 1].map((column) => Math.max(...table.map((row) => (row[column] ?? '').length)))
  const lines = table.map((row) =>
    row
      .map((cell, column) => cell.padEnd(widths[column] ?? 0))
      .join('  ')
      .trimEnd(),
  )
  const summary =
    missing.length === 0
      ? 'Ready to sell: the download file is readable and both bonus links are set.'
      : `Missing for selling:\n${missing.map((line) => `  - ${line}`).join('\n')}`
  return done(`${lines.join('\n')}\n\n${summary}\n`)
}
