import { isObject, upstream } from './api-client.js'
import { continueParams, continueToken } from './list-continue.js'
import type { ListReader } from './list-reader.js'
import { flag } from './query-title.js'

export type RecentChangeType = 'edit' | 'new' | 'log' | 'categorize' | 'external'

export interface RecentChangesOptions {
  /** Changes per page, 1–500. */
  readonly limit: number
  readonly namespaces?: readonly number[] | undefined
  /** Only changes at or after this ISO 8601 time. */
  readonly since?: string | undefined
  /** Only changes at or before this ISO 8601 time. */
  readonly until?: string | undefined
  /** Only changes by this user name (exactly as the wiki spells it). */
  readonly user?: string | undefined
  readonly types?: readonly RecentChangeType[] | undefined
  /** Only titles starting with this text; applied to each page of the wiki's answer. */
  readonly titlePrefix?: string | undefined
  readonly continue?: string | undefined
}

export interface RecentChange {
  readonly type: RecentChangeType
  readonly title: string
  readonly ns: number
  readonly pageid: number
  /** The new revision, or 0 for a log entry. */
  readonly revid: number
  /** The revision before it, or 0 for a page creation or a log entry. */
  readonly oldRevid: number
  readonly timestamp: string
  /** Null when the wiki hides the user (revision deletion). */
  readonly user: string | null
  /** Null when the wiki hides the summary. */
  readonly comment: string | null
  readonly minor: boolean
  readonly bot: boolean
  readonly oldSize: number | null
  readonly newSize: number | null
  readonly logType: string | null
  readonly logAction: string | null
}

export interface RecentChanges {
  readonly changes: readonly RecentChange[]
  /** How many changes the wiki sent before the title prefix filtered them. */
  readonly scanned: number
  readonly continue: string | null
}

const TYPES: readonly RecentChangeType[] = ['edit', 'new', 'log', 'categorize', 'external']

/**
 * One page of the wiki's recent changes, newest first (`list=recentchanges`). The API filters by
 * namespace, time, user and type; it has no title-prefix filter, so a prefix is applied here to
 * the page the wiki sent, which may then hold fewer than `limit` changes.
 */
export function recentChanges(
  reader: ListReader,
  options: Readonly<RecentChangesOptions>,
): Promise<RecentChanges> {
  const params: [string, string][] = [
    ['list', 'recentchanges'],
    ['rcprop', 'title|ids|timestamp|user|comment|sizes|flags|loginfo'],
    ['rclimit', String(options.limit)],
    ['rcdir', 'older'],
  ]
  if (options.namespaces !== undefined && options.namespaces.length > 0) {
    params.push(['rcnamespace', options.namespaces.join('|')])
  }
  // Newest first: rcstart is the newer bound, rcend the older one.
  if (options.until !== undefined) params.push(['rcstart', options.until])
  if (options.since !== undefined) params.push(['rcend', options.since])
  if (options.user !== undefined) params.push(['rcuser', options.user])
  if (options.types !== undefined && options.types.length > 0) {
    params.push(['rctype', options.types.join('|')])
  }
  params.push(
    ['formatversion', '2'],
    ...continueParams(options.continue, ['rccontinue', 'continue']),
  )
  const prefix = options.titlePrefix?.replaceAll('_', ' ')
  return reader
    .read(
      {
        action: 'query',
        params,
        key: `recentchanges_${params
          .filter(([name]) => !['list', 'rcprop', 'formatversion'].includes(name))
          .map(([name, value]) => `${name}_${value}`)
          .join('_')}`,
        subject: 'recent changes',
      },
      (body) => {
        const list = isObject(body.query) ? body.query.recentchanges : undefined
        if (!Array.isArray(list)) throw upstream('no "query.recentchanges" in the answer')
        return { changes: list.flatMap(readChange), next: continueToken(body) }
      },
    )
    .then(({ changes, next }) => ({
      changes: prefix === undefined ? changes : changes.filter((c) => c.title.startsWith(prefix)),
      scanned: changes.length,
      continue: next,
    }))
}

function readChange(item: unknown): RecentChange[] {
  if (!isObject(item) || typeof item.title !== 'string' || typeof item.timestamp !== 'string') {
    return []
  }
  const number = (value: unknown): number => (typeof value === 'number' ? value : 0)
  const size = (value: unknown): number | null => (typeof value === 'number' ? value : null)
  const text = (value: unknown): string | null => (typeof value === 'string' ? value : null)
  const type = TYPES.find((t) => t === item.type) ?? 'edit'
  // A log entry changes no text: the wiki sends sizes of 0 for it, which mean nothing.
  const sized = type !== 'log'
  return [
    {
      type,
      title: item.title,
      ns: number(item.ns),
      pageid: number(item.pageid),
      revid: number(item.revid),
      oldRevid: number(item.old_revid),
      timestamp: item.timestamp,
      user: flag(item.userhidden) ? null : text(item.user),
      comment: flag(item.commenthidden) ? null : text(item.comment),
      minor: flag(item.minor),
      bot: flag(item.bot),
      oldSize: sized ? size(item.oldlen) : null,
      newSize: sized ? size(item.newlen) : null,
      logType: text(item.logtype),
      logAction: text(item.logaction),
    },
  ]
}
