import type { esConsole } from '../locales/console/es'
import type { es } from '../locales/es'

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation'
    // The console's texts join the app's when the console loads (lib/console/console-texts.ts).
    resources: { translation: typeof es & typeof esConsole }
  }
}
