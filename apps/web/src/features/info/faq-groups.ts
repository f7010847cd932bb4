import type { TFunction } from 'i18next'

/**
 * The FAQ page: the landing page's seven questions (keys under `faq`, owned by the storefront's copy)
 * and the page's own, grouped by topic.
 */
const FAQ_GROUPS = [
  { key: 'product', questions: ['faq.contents', 'faq.platforms', 'faq.knowledge', 'faq.updates'] },
  {
    key: 'purchase',
    questions: [
      'faq.delivery',
      'faq.payment',
      'faq.bonuses',
      'info.faq.questions.age',
      'info.faq.questions.expiredLinks',
    ],
  },
  { key: 'account', questions: ['info.faq.questions.inactiveAccount', 'info.faq.questions.suspension'] },
  { key: 'help', questions: ['info.faq.questions.refund', 'info.faq.questions.support'] },
] as const

export interface FaqGroup {
  key: string
  title: string
  items: { id: string; question: string; answer: string }[]
}

/** The FAQ page's questions by topic; answers name `supportEmail` where they send people to write. */
export function faqGroups(t: TFunction, supportEmail: string): FaqGroup[] {
  return FAQ_GROUPS.map((group) => ({
    key: group.key,
    title: t(`info.faq.groups.${group.key}`),
    items: group.questions.map((key) => ({
      id: key.split('.').at(-1) ?? key,
      question: t(`${key}.question`),
      answer: t(`${key}.answer`, { email: supportEmail }),
    })),
  }))
}
