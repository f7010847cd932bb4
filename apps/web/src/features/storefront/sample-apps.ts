/**
 * The 23 sample apps of the landing page's carousel (seed-spec section 9), in display order. Each id is
 * its key under `landing.samples` in the locale files and, in kebab case, the name of its image.
 */
export const SAMPLE_APP_IDS = [
  'whatsappSales',
  'pdfChat',
  'meetingNotes',
  'productPhotos',
  'webResearcher',
  'invoiceFlow',
  'englishTutor',
  'receiptReader',
  'seoWriter',
  'supportBot',
  'salesDashboard',
  'codeReviewer',
  'shortScripts',
  'subtitleTranslator',
  'resumeFilter',
  'mealPlanner',
  'defectDetector',
  'textToSpeech',
  'contractAnalyzer',
  'expenseBot',
  'examGenerator',
  'appointmentAssistant',
  'socialPlanner',
] as const

export type SampleAppId = (typeof SAMPLE_APP_IDS)[number]

export const SAMPLE_IMAGE_WIDTH = 640
export const SAMPLE_IMAGE_HEIGHT = 400

export function sampleImageName(id: SampleAppId): string {
  return id.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)
}
