import { defineTool } from '@wiki/mcp-core'
import { asAttributed, parseTitleOrUrl } from '@wiki/provenance'
import type { SiteSet } from '../sites.js'
import { historyInput, historyOutput } from '../schemas.js'

export function historyTool(sites: SiteSet) {
  return defineTool({
    name: 'history',
    title: 'Revisions of a page, newest first (attributed)',
    description:
      "The revisions of a page, newest first, limit per answer (default 20); pass the answer's continue for older ones. Each has revid, parentid, timestamp, user, comment, size, minor, tags and its revision_url; a user or comment hidden by the wiki is null with user_hidden/comment_hidden true, and text_hidden marks a revision whose text cannot be read. No hash: a list of edits quotes nothing. Read a revision with page/section/commands/warnings/links and revid, or compare two with diff.",
    input: historyInput,
    output: historyOutput,
    access: 'read',
    handler: async (args) => {
      const backend = sites.pick(args.site, args.title_or_url)
      const history = await backend.history(parseTitleOrUrl(backend.site, args.title_or_url), {
        limit: args.limit,
        continue: args.continue ?? null,
      })
      return asAttributed({
        title: history.title,
        pageid: history.pageid,
        redirected_from: history.redirectedFrom,
        revisions: history.revisions.map((r) => ({
          revid: r.revid,
          parentid: r.parentid,
          timestamp: r.timestamp,
          user: r.user,
          user_hidden: r.userHidden,
          comment: r.comment,
          comment_hidden: r.commentHidden,
          text_hidden: r.textHidden,
          size: r.size,
          minor: r.minor,
          tags: [...r.tags],
          revision_url: backend.revisionUrl(r.revid),
        })),
        continue: history.continue,
      })
    },
  })
}
