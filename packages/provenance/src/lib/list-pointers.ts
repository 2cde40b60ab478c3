// The pointer outputs of the list tools: what the wiki's link tables and change log say about
// pages, now. None carries a revid or a hash (a list is not a quotation); recent changes point at
// revisions by URL only.

/** One category of a page. */
export interface PageCategoryItem {
  /** The category's full title, e.g. `Category:Boot loaders`. */
  readonly title: string
  /** True for a hidden category, which the wiki does not show under the page. */
  readonly hidden: boolean
  readonly url: string
}

/** `categories`: the categories of a page's current revision. */
export interface CategoriesResult {
  readonly categories: readonly PageCategoryItem[]
  readonly title: string
  readonly url: string
  readonly redirected_from: string | null
}

export type CategoryMemberKind = 'page' | 'subcat' | 'file'

/** One member of a category. */
export interface CategoryMemberItem {
  readonly title: string
  readonly pageid: number
  readonly namespace: number
  readonly type: CategoryMemberKind
  readonly url: string
}

/** `category`: one page of a category's members. */
export interface CategoryResult {
  readonly members: readonly CategoryMemberItem[]
  readonly category: string
  readonly url: string
  /** False when the category has no page of its own (it may still have members). */
  readonly exists: boolean
  /** The wiki's counts for the whole category, or null when it keeps none. */
  readonly counts: {
    readonly pages: number
    readonly subcats: number
    readonly files: number
  } | null
  /** Pass back to get the next page; null on the last one. */
  readonly continue: string | null
}

export type BacklinkKind = 'link' | 'redirect' | 'transclusion'

/** One page that links to, redirects to or transcludes the target. */
export interface BacklinkItem {
  readonly title: string
  readonly pageid: number
  readonly namespace: number
  readonly kind: BacklinkKind
  readonly url: string
}

/** `backlinks`: one page of what points at a page. */
export interface BacklinksResult {
  readonly backlinks: readonly BacklinkItem[]
  readonly title: string
  readonly url: string
  readonly exists: boolean
  readonly continue: string | null
}

export type RecentChangeKind = 'edit' | 'new' | 'log' | 'categorize' | 'external'

/** One recent change. Revisions are named by URL, never by a bare revid. */
export interface RecentChangeItem {
  readonly type: RecentChangeKind
  readonly title: string
  readonly namespace: number
  readonly timestamp: string
  /** Null when the wiki hides the user. */
  readonly user: string | null
  /** Null when the wiki hides the summary. */
  readonly comment: string | null
  readonly minor: boolean
  readonly bot: boolean
  /** Size in bytes after the change, or null for a log entry. */
  readonly size: number | null
  /** Bytes added (negative: removed), or null for a log entry. */
  readonly size_change: number | null
  readonly log_type: string | null
  readonly log_action: string | null
  readonly url: string
  /** The revision the change made, or null for a log entry. */
  readonly revision_url: string | null
  /** The revision before it, or null for a page creation or a log entry. */
  readonly previous_revision_url: string | null
}

/** `recent_changes`: one page of the wiki's recent changes, newest first. */
export interface RecentChangesResult {
  readonly changes: readonly RecentChangeItem[]
  /** Changes the wiki sent for this page before the title prefix filtered them. */
  readonly scanned: number
  readonly continue: string | null
}

export const CATEGORY_MEMBER_KINDS: readonly ['page', 'subcat', 'file'] = ['page', 'subcat', 'file']
export const BACKLINK_KINDS: readonly ['link', 'redirect', 'transclusion'] = [
  'link',
  'redirect',
  'transclusion',
]
export const RECENT_CHANGE_KINDS: readonly ['edit', 'new', 'log', 'categorize', 'external'] = [
  'edit',
  'new',
  'log',
  'categorize',
  'external',
]
