import { describe, expect, it } from 'vitest'
import { Query } from 'appwrite'
import type { ImportProblem } from '../../src/features/console-members/api/members-api'
import { isConfirmed, type MemberAction } from '../../src/features/console-members/member-actions'
import { importProblemText } from '../../src/features/console-members/model/import-problem'
import { checkMemberFields } from '../../src/lib/console/member-fields'
import {
  memberListParams,
  readMemberFilter,
  writeMemberFilter,
} from '../../src/features/console-members/model/member-filter'
import { enConsole, esConsole } from '../../src/locales/console'

describe('the Members page’s address', () => {
  it('reads the search, the status and the page it can mean, and leaves out the rest', () => {
    expect(readMemberFilter(new URLSearchParams('q=+ana+&status=disabled&offset=25'))).toEqual({
      search: 'ana',
      status: 'disabled',
      offset: 25,
    })
    expect(readMemberFilter(new URLSearchParams('status=blocked&offset=-5'))).toEqual({
      search: '',
      status: '',
      offset: 0,
    })
    expect(readMemberFilter(new URLSearchParams(`q=${'a'.repeat(300)}`)).search).toHaveLength(256)
  })

  it('keeps only what is set, and other parameters (the member shown) as they are', () => {
    const next = writeMemberFilter(new URLSearchParams('q=ana&offset=50&member=u-1'), {
      search: 'bruno díaz',
      status: 'active',
      offset: 0,
    })
    expect(next.toString()).toBe('q=bruno+d%C3%ADaz&member=u-1&status=active')
  })

  it('asks the server for a page of 25 newest first, with the status and the search when set', () => {
    expect(memberListParams(readMemberFilter(new URLSearchParams('offset=50')))).toEqual({
      queries: [Query.orderDesc('$createdAt'), Query.limit(25), Query.offset(50)],
    })
    expect(memberListParams(readMemberFilter(new URLSearchParams('q=ana&status=active')))).toEqual({
      queries: [Query.orderDesc('$createdAt'), Query.limit(25), Query.offset(0), Query.equal('status', true)],
      search: 'ana',
    })
    expect(memberListParams(readMemberFilter(new URLSearchParams('status=disabled'))).queries).toContain(
      Query.equal('status', false),
    )
  })
})

describe('the new member form', () => {
  it('takes an email and a name within the server’s limits, trimmed', () => {
    expect(checkMemberFields({ email: ' ana@example.com ', name: ' Ana ', language: 'en' })).toEqual({
      input: { email: 'ana@example.com', name: 'Ana', language: 'en' },
      errors: {},
    })
    expect(checkMemberFields({ email: 'not an email', name: 'x'.repeat(129), language: 'es' })).toEqual({
      input: null,
      errors: { email: 'invalidEmail', name: 'nameTooLong' },
    })
  })
})

describe('member actions', () => {
  it('ask first for what ends something or hands over the console', () => {
    const actions: MemberAction[] = [
      'invite',
      'enable',
      'disable',
      'signOut',
      'addAdmin',
      'removeAdmin',
      'delete',
    ]
    expect(actions.filter(isConfirmed)).toEqual(['disable', 'signOut', 'addAdmin', 'removeAdmin', 'delete'])
  })
})

describe('the bulk invite’s problems', () => {
  const problems: ImportProblem[] = [
    { kind: 'syntax', line: 4, message: 'not valid CSV: line 4: a quoted field is never closed' },
    { kind: 'columns', row: 2, message: 'row 2: expected two columns, email,name' },
    { kind: 'email', row: 3, value: 'nope', message: 'row 3: "nope" is not a valid email address' },
    { kind: 'name', row: 5, message: 'row 5: the name is longer than 128 characters' },
    {
      kind: 'repeated',
      row: 6,
      email: 'ROSA@example.com',
      firstRow: 2,
      message: 'row 6: ROSA@example.com is already at row 2',
    },
    { kind: 'empty', row: null, message: 'no members to import.' },
  ]

  it.each([
    ['es', esConsole],
    ['en', enConsole],
  ] as const)('are worded in %s with their row or line and what they name', (_, texts) => {
    const worded = problems.map((problem) => {
      const { key, values } = importProblemText(problem)
      return Object.entries(values).reduce(
        (text, [name, value]) => text.replace(`{{${name}}}`, String(value)),
        texts.consoleMembers.bulk.problems[key],
      )
    })
    expect(worded.every((text) => !text.includes('{{'))).toBe(true)
    expect(worded[0]).toContain('4')
    expect(worded[2]).toContain('3')
    expect(worded[2]).toContain('nope')
    expect(worded[4]).toMatch(/6.*ROSA@example\.com.*2/)
  })
})
