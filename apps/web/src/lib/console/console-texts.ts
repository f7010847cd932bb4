import { addTexts, type TextLoaders } from '../i18n'

const consoleTexts: TextLoaders = {
  es: async () => (await import('../../locales/console/es')).esConsole,
  en: async () => (await import('../../locales/console/en')).enConsole,
}

/** The console's texts are in its own chunk: no visitor or member downloads them (issue 13). */
export const loadConsoleTexts = () => addTexts(consoleTexts)
