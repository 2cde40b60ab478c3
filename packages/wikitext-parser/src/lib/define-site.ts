import { WikitextParserError } from './wikitext-parser-error.js'

/** How an extension tag's content is read: kept raw, or parsed as wikitext. */
export type ExtensionTagMode = 'opaque' | 'wikitext'

/** Site configuration: inert data, as `meta=siteinfo` describes a wiki. */
export interface Site {
  /** Registered extension tags by lower-case name. */
  readonly extensionTags: Readonly<Record<string, ExtensionTagMode>>
  /** Variables (`PAGENAME`, `!`); matched case-sensitively, as MediaWiki's are by default. */
  readonly variables: readonly string[]
  /**
   * Variables whose magic word is case-insensitive (`SERVER`: `{{server}}` is the variable too),
   * as siteinfo's `magicwords` marks them (`"case-sensitive": false`).
   */
  readonly caseInsensitiveVariables: readonly string[]
  /** Parser function hooks (`#if`, `lc`); matched case-insensitively, unless listed below. */
  readonly functionHooks: readonly string[]
  /**
   * Hooks whose magic word is case-sensitive, as written in the wikitext (`PAGENAME`:
   * `{{Pagename:x}}` is a template), as siteinfo's `magicwords` marks them.
   */
  readonly caseSensitiveFunctionHooks: readonly string[]
  /** Behaviour switches without underscores (`TOC`, `NOTOC`); matched case-insensitively. */
  readonly behaviorSwitches: readonly string[]
  /** URL protocols (`https://`, `mailto:`). */
  readonly urlProtocols: readonly string[]
  /** Names and aliases of the File namespace (`File`, `Image`). */
  readonly fileNamespaces: readonly string[]
  /** Names and aliases of the Media namespace. */
  readonly mediaNamespaces: readonly string[]
  /** Names and aliases of the Category namespace. */
  readonly categoryNamespaces: readonly string[]
  /** Other namespace names and aliases (a link to them is still a page link). */
  readonly namespaces: readonly string[]
  /**
   * Names and aliases of the Talk namespace (also listed in `namespaces`): a talk page of a page
   * with a namespace prefix (`Talk:File:x`) is no title.
   */
  readonly talkNamespaces: readonly string[]
  /** Interwiki prefixes, lower-case. */
  readonly interwikiPrefixes: readonly string[]
  /** Characters a link trail may hold, as a regular expression character class body (`a-z`). */
  readonly linkTrail: string
  /** Redirect words (`#REDIRECT`), matched case-insensitively. */
  readonly redirectWords: readonly string[]
  /** `$wgFragmentMode`: the first mode makes anchors; `legacy` also reserves its form. */
  readonly fragmentMode: readonly ('html5' | 'legacy')[]
  /** Which `Parser::finalizeHeadings` to follow. */
  readonly headingIds: '1.39' | '1.43'
}

const opaque: ExtensionTagMode = 'opaque'
const wikitext: ExtensionTagMode = 'wikitext'

/** Stock MediaWiki with Cite, ParserFunctions, SyntaxHighlight, Math and Poem. */
export const defaultSite: Site = Object.freeze({
  extensionTags: Object.freeze({
    pre: opaque,
    nowiki: opaque,
    gallery: opaque,
    indicator: wikitext,
    langconvert: opaque,
    ref: wikitext,
    references: wikitext,
    syntaxhighlight: opaque,
    source: opaque,
    math: opaque,
    chem: opaque,
    ce: opaque,
    poem: wikitext,
  }),
  variables: Object.freeze(
    (
      'CURRENTMONTH CURRENTMONTH1 CURRENTMONTHNAME CURRENTMONTHNAMEGEN CURRENTMONTHABBREV CURRENTDAY ' +
      'CURRENTDAY2 CURRENTDAYNAME CURRENTYEAR CURRENTTIME CURRENTHOUR LOCALMONTH LOCALMONTH1 ' +
      'LOCALMONTHNAME LOCALMONTHNAMEGEN LOCALMONTHABBREV LOCALDAY LOCALDAY2 LOCALDAYNAME LOCALYEAR ' +
      'LOCALTIME LOCALHOUR NUMBEROFARTICLES NUMBEROFFILES NUMBEROFEDITS ARTICLEPATH PAGEID SITENAME ' +
      'SERVER SERVERNAME SCRIPTPATH STYLEPATH PAGENAME PAGENAMEE FULLPAGENAME FULLPAGENAMEE ' +
      'NAMESPACE NAMESPACEE NAMESPACENUMBER CURRENTWEEK CURRENTDOW LOCALWEEK LOCALDOW REVISIONID ' +
      'REVISIONDAY REVISIONDAY2 REVISIONMONTH REVISIONMONTH1 REVISIONYEAR REVISIONTIMESTAMP ' +
      'REVISIONUSER REVISIONSIZE SUBPAGENAME SUBPAGENAMEE TALKSPACE TALKSPACEE SUBJECTSPACE ' +
      'SUBJECTSPACEE TALKPAGENAME TALKPAGENAMEE SUBJECTPAGENAME SUBJECTPAGENAMEE NUMBEROFUSERS ' +
      'NUMBEROFACTIVEUSERS NUMBEROFPAGES CURRENTVERSION ROOTPAGENAME ROOTPAGENAMEE BASEPAGENAME ' +
      'BASEPAGENAMEE CURRENTTIMESTAMP LOCALTIMESTAMP DIRECTIONMARK CONTENTLANGUAGE NUMBEROFADMINS ' +
      'CASCADINGSOURCES ! ='
    ).split(' '),
  ),
  caseInsensitiveVariables: Object.freeze([
    'ARTICLEPATH',
    'PAGEID',
    'SCRIPTPATH',
    'SERVER',
    'SERVERNAME',
    'STYLEPATH',
  ]),
  functionHooks: Object.freeze(
    (
      'ns nse urlencode lcfirst ucfirst lc uc localurl localurle fullurl fullurle canonicalurl ' +
      'canonicalurle formatnum grammar gender plural bidi numberofpages numberofusers ' +
      'numberofactiveusers numberofarticles numberoffiles numberofadmins numberingroup ' +
      'numberofedits language padleft padright anchorencode defaultsort filepath pagesincategory ' +
      'pagesize protectionlevel protectionexpiry namespace namespacee namespacenumber talkspace ' +
      'talkspacee subjectspace subjectspacee pagename pagenamee fullpagename fullpagenamee ' +
      'rootpagename rootpagenamee basepagename basepagenamee subpagename subpagenamee talkpagename ' +
      'talkpagenamee subjectpagename subjectpagenamee pageid revisionid revisionday revisionday2 ' +
      'revisionmonth revisionmonth1 revisionyear revisiontimestamp revisionuser cascadingsources ' +
      'int special speciale tag formal displaytitle #language #special #speciale #tag #formatdate ' +
      '#if #ifeq #switch #ifexist #ifexpr #iferror #time #timel #expr #rel2abs #titleparts ' +
      '#invoke #property #statements msgnw'
    ).split(' '),
  ),
  caseSensitiveFunctionHooks: Object.freeze(
    (
      'BASEPAGENAME BASEPAGENAMEE CASCADINGSOURCES DEFAULTSORT DEFAULTSORTKEY DEFAULTCATEGORYSORT ' +
      'DISPLAYTITLE FULLPAGENAME FULLPAGENAMEE NAMESPACE NAMESPACEE NAMESPACENUMBER NUMBERINGROUP ' +
      'NUMINGROUP NUMBEROFACTIVEUSERS NUMBEROFADMINS NUMBEROFARTICLES NUMBEROFEDITS NUMBEROFFILES ' +
      'NUMBEROFPAGES NUMBEROFUSERS PAGENAME PAGENAMEE PAGESINCATEGORY PAGESINCAT PAGESIZE ' +
      'PROTECTIONEXPIRY PROTECTIONLEVEL REVISIONDAY REVISIONDAY2 REVISIONID REVISIONMONTH ' +
      'REVISIONMONTH1 REVISIONTIMESTAMP REVISIONUSER REVISIONYEAR ROOTPAGENAME ROOTPAGENAMEE ' +
      'SUBJECTPAGENAME ARTICLEPAGENAME SUBJECTPAGENAMEE ARTICLEPAGENAMEE SUBJECTSPACE ARTICLESPACE ' +
      'SUBJECTSPACEE ARTICLESPACEE SUBPAGENAME SUBPAGENAMEE TALKPAGENAME TALKPAGENAMEE TALKSPACE ' +
      'TALKSPACEE'
    ).split(' '),
  ),
  behaviorSwitches: Object.freeze(
    (
      'NOTOC NOGALLERY FORCETOC TOC NOEDITSECTION NEWSECTIONLINK NONEWSECTIONLINK NOCONTENTCONVERT ' +
      'NOCC NOTITLECONVERT NOTC INDEX NOINDEX STATICREDIRECT EXPECTUNUSEDCATEGORY HIDDENCAT ' +
      'EXPECTUNUSEDTEMPLATE DISAMBIG'
    ).split(' '),
  ),
  urlProtocols: Object.freeze(
    (
      'bitcoin: ftp:// ftps:// geo: git:// gopher:// http:// https:// irc:// ircs:// magnet: ' +
      'mailto: matrix: mms:// news: nntp:// redis:// sftp:// sip: sips: sms: ssh:// svn:// tel: ' +
      'telnet:// urn: worldwind:// xmpp: //'
    ).split(' '),
  ),
  fileNamespaces: Object.freeze(['File', 'Image']),
  mediaNamespaces: Object.freeze(['Media']),
  categoryNamespaces: Object.freeze(['Category']),
  namespaces: Object.freeze([
    'Talk',
    'User',
    'User talk',
    'Project',
    'Project talk',
    'File talk',
    'Image talk',
    'MediaWiki',
    'MediaWiki talk',
    'Template',
    'Template talk',
    'Help',
    'Help talk',
    'Category talk',
    'Special',
    'Module',
    'Module talk',
  ]),
  talkNamespaces: Object.freeze(['Talk']),
  interwikiPrefixes: Object.freeze([]),
  linkTrail: 'a-z',
  redirectWords: Object.freeze(['#REDIRECT']),
  fragmentMode: Object.freeze(['html5', 'legacy'] as const),
  headingIds: '1.43',
})

const listKeys = [
  'variables',
  'caseInsensitiveVariables',
  'functionHooks',
  'caseSensitiveFunctionHooks',
  'behaviorSwitches',
  'urlProtocols',
  'fileNamespaces',
  'mediaNamespaces',
  'categoryNamespaces',
  'namespaces',
  'talkNamespaces',
  'interwikiPrefixes',
  'redirectWords',
] as const

/**
 * Checks site data and fills what is missing from `defaultSite`. Throws `WikitextParserError`
 * (`invalid_option`) naming the first bad field.
 */
export function defineSite(site: Readonly<Partial<Site>>): Site {
  if (typeof site !== 'object' || site === null) {
    throw new WikitextParserError('invalid_option', `site: expected an object, got ${typeof site}`)
  }
  for (const key of listKeys) {
    const value: unknown = site[key]
    if (value === undefined) continue
    if (!Array.isArray(value) || !value.every((item) => typeof item === 'string')) {
      throw new WikitextParserError(
        'invalid_option',
        `site.${key}: expected an array of strings, got ${JSON.stringify(value)}`,
      )
    }
  }
  const tags: unknown = site.extensionTags
  if (tags !== undefined) {
    if (typeof tags !== 'object' || tags === null || Array.isArray(tags)) {
      throw new WikitextParserError(
        'invalid_option',
        'site.extensionTags: expected an object mapping tag names to "opaque" or "wikitext"',
      )
    }
    for (const [name, mode] of Object.entries(tags)) {
      if (mode !== 'opaque' && mode !== 'wikitext') {
        throw new WikitextParserError(
          'invalid_option',
          `site.extensionTags.${name}: expected "opaque" or "wikitext", got ${JSON.stringify(mode)}`,
        )
      }
    }
  }
  if (site.linkTrail !== undefined) {
    try {
      new RegExp(`^[${String(site.linkTrail)}]+`, 'u')
    } catch {
      throw new WikitextParserError(
        'invalid_option',
        `site.linkTrail: expected a character class body such as "a-z", got ${JSON.stringify(site.linkTrail)}`,
      )
    }
  }
  const modes: unknown = site.fragmentMode
  if (
    modes !== undefined &&
    (!Array.isArray(modes) ||
      modes.length === 0 ||
      !modes.every((mode) => mode === 'html5' || mode === 'legacy'))
  ) {
    throw new WikitextParserError(
      'invalid_option',
      `site.fragmentMode: expected a non-empty array of "html5" and "legacy", got ${JSON.stringify(modes)}`,
    )
  }
  if (site.headingIds !== undefined && site.headingIds !== '1.39' && site.headingIds !== '1.43') {
    throw new WikitextParserError(
      'invalid_option',
      `site.headingIds: expected "1.39" or "1.43", got ${JSON.stringify(site.headingIds)}`,
    )
  }
  const extensionTags: Record<string, ExtensionTagMode> = {}
  for (const [name, mode] of Object.entries(site.extensionTags ?? defaultSite.extensionTags)) {
    extensionTags[name.toLowerCase()] = mode
  }
  return Object.freeze({ ...defaultSite, ...site, extensionTags: Object.freeze(extensionTags) })
}
