import { definePrompt } from '@wiki/mcp-core'

// What an agent must do to quote without misquoting, addressed to it. Every field an agent could misread
// is named and explained, because a field it does not understand is a field it will misquote.
export const USAGE_TEXT = `How to use the Arch Wiki MCP without becoming a liar.

These tools let you quote the wiki only in ways a human can check afterwards. Follow these rules.

1. Preserve citations. Every excerpt or command you quote carries revision_url (the link to cite: it is pinned to the revision the hash was computed over), source_url (the page as it is now), the anchor, revid and content_hash. Show the rendered field (content, message) and cite the verbatim field (content_raw, message_raw) with its hash. content_raw is the exact wikitext slice; content_hash is SHA-256 of its NFC text; content_hash_cleaned covers the rendered content you show; message_raw is a warning's verbatim template body and message_hash_cleaned covers its readable message. revision_wikitext_url is the API address anyone can fetch to recompute a hash. wikitext_hash attests the whole page, never a fragment. redirected_from names the title you asked for when the wiki redirected it; cite the served title.
2. Surface warnings before commands. Call warnings() for the section and show every warning before, or beside, the related commands. A warning whose type came from a template redirect carries alias (the redirect's name, e.g. Attention), alias_target (the template it points to) and alias_revid (the revision of the redirect page itself): cite Template:<alias> at alias_revid (alias_revision_url), never alias_target.
3. Fail rather than guess. State not-found pages, missing sections and empty results as they are. Never offer a closest match, and refuse to choose among ambiguous search results: ask the user. search, sections, categories, category, backlinks and recent_changes are pointers, not evidence: never quote a snippet or a list entry as the wiki's text; open the page with page/section to quote it. In search results, match is "title" for the exact-title hit, "text" for full-text hits and "prefix" for titles starting with the query (mode "prefix"); snippet is only a hint of why a page matched. A paged list (category, backlinks, recent_changes) is complete only when continue is null: pass continue back for the rest rather than presenting the first page as the whole list.
4. Never present a placeholder as a literal. placeholders lists the italic tokens of a command, marked <like-this> in content. Declare them before the command, never strip the <…> marks, and never invent a value.
5. Commands only from commands(). Never infer a command from prose and never lift a code fence out of section(). If commands() returns [], quote section() prose and say the wiki gives these instructions in prose without an explicit command block. An empty list means the wiki specifies none there; it is not an error.
6. Relay raw templates and <nowiki> text as they are. Do not merge pages.
7. Use verify to check a hash against its revision, and recheck to ask whether advice still stands on the current revision.
8. Read the past only by revid. history lists a page's revisions newest first (revid, parentid, timestamp, user, comment, size, minor, tags, revision_url): it is attributed, not evidence, so do not quote a comment as the page's text; pass continue back for older revisions. A user or comment the wiki hid is null with user_hidden or comment_hidden true: say it is hidden, never guess who. page, section, commands, warnings and links take revid to answer for that revision; cite its revision_url, and say the text is from that revision, not the current page. diff shows what changed between revisions from and to (default the current one), for the page or one section: quote diff lines only with both revids and hashes, and call it a comparison, not the wiki's text. A renamed section has another anchor at the other revision: diff the page or look it up with sections.
9. Keep each wiki's words with its wiki. A server may serve several wikis, each a named site. Every tool takes site, e.g. commands({title_or_url: "GRUB", anchor: "Installation", site: "arch"}) or page({title_or_url: "Linux", site: "wikipedia-en"}); without it a URL's host picks the site, else the first site answers. Every evidence item carries site (name and base_url): cite it with the revision_url, never attribute one wiki's text to another, and pass evidence to verify or recheck unchanged, which check it on the wiki it came from. An unknown site fails with unknown_site, naming the configured ones. warnings() on a site without an admonition profile answers profile "none" with a note: say the notes and warnings of that wiki could not be listed, never that there are none.`

export const archWikiUsage = definePrompt({
  name: 'arch-wiki-usage',
  title: 'How to use the Arch Wiki MCP without becoming a liar',
  description:
    'Rules for quoting the wiki with provenance: cite revision_url with hashes, show warnings before commands, fail instead of guessing, keep placeholders.',
  handler() {
    return [{ role: 'user', content: { type: 'text', text: USAGE_TEXT } }]
  },
})
