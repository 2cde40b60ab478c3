/**
 * The tree `fromWikitext` returns: unist nodes with exact positions.
 *
 * Offsets are 0-based UTF-16 indices into the exact input, `end` exclusive; `line` and `column`
 * are 1-based (columns in UTF-16 units) and only `\n` ends a line. Every node serialises, from
 * its fields alone, to exactly `input.slice(start.offset, end.offset)`.
 */

/** One place in the input. */
export interface Point {
  /** 1-based line; only `\n` ends a line. */
  line: number
  /** 1-based column, in UTF-16 code units. */
  column: number
  /** 0-based UTF-16 index into the input. */
  offset: number
}

/** Where a node is: `start` inclusive, `end` exclusive. */
export interface Position {
  start: Point
  end: Point
}

interface NodeBase {
  position: Position
}

interface ParentBase extends NodeBase {
  children: Content[]
}

/** The whole document. */
export interface Root extends ParentBase {
  type: 'root'
}

/** Characters with no markup meaning here; `value` is exactly the source. */
export interface Text extends NodeBase {
  type: 'text'
  value: string
}

/** `<!--` value [`-->`]: `closed` is false when the comment runs to the end of the input. */
export interface Comment extends NodeBase {
  type: 'comment'
  value: string
  closed: boolean
}

/**
 * A registered extension tag (`<ref>`, `<nowiki>`, `<pre>`, …): `<` rawName attributes, then
 * `/>` (selfClosing) or `>` content closeTag. Opaque tags hold their content in `value` and have
 * no children; `'wikitext'` tags have `value: null` and their content parsed as children.
 */
export interface ExtensionTag extends ParentBase {
  type: 'extensionTag'
  /** Lower-cased tag name. */
  name: string
  /** The name as written. */
  rawName: string
  /** Everything between the name and `>` or `/>`, as written (leading whitespace included). */
  attributes: string
  selfClosing: boolean
  /** The closing tag as written (`</pre >`), or `''` when self-closing. */
  closeTag: string
  /** Raw content of an opaque tag; `null` for a self-closing or `'wikitext'` tag. */
  value: string | null
}

/** A bare `<noinclude>`/`<onlyinclude>` tag (or closer), or a whole `<includeonly>` element. */
export interface InclusionTag extends NodeBase {
  type: 'inclusionTag'
  name: 'noinclude' | 'includeonly' | 'onlyinclude'
  value: string
}

/** An HTML tag from Sanitizer's allowed list. */
export interface HtmlTag extends ParentBase {
  type: 'htmlTag'
  /** Lower-cased tag name. */
  name: string
  rawName: string
  /** Everything between the name and the final `>`, as written (a trailing `/` included). */
  attributes: string
  /** `element`: paired open tag, children, close tag; `open`/`close`: an unpaired tag; `void`: `<br>`. */
  kind: 'element' | 'open' | 'close' | 'void'
  /** The closing tag as written, for `element`; else `''`. */
  closeTag: string
}

/** `=`×depth children `=`×depth trail. */
export interface Heading extends ParentBase {
  type: 'heading'
  depth: 1 | 2 | 3 | 4 | 5 | 6
  /** Spaces, tabs, comments and inclusion tags after the closing run, as written. */
  trail: string
  /** The preprocessor's heading index (as in `action=edit&section=N`), or `null` for a heading MediaWiki renders without one. */
  sectionIndex: number | null
}

interface TransclusionBase extends NodeBase {
  /** Comments dropped, trimmed, `_` read as space, case kept; the modifier excluded. */
  name: string
  /** `subst:`, `safesubst:`, `msgnw:`, … as written (also kept in the `templateName` children), or `null`. */
  modifier: string | null
  children: [TemplateName, ...TemplateParameter[]]
}

/** `{{` name parameters `}}`. */
export interface Template extends TransclusionBase {
  type: 'template'
}

/** `{{#if:…}}`, `{{lc:…}}`: a function hook before the first `:`. */
export interface ParserFunction extends TransclusionBase {
  type: 'parserFunction'
}

/** `{{PAGENAME}}`, `{{!}}`, `{{=}}`: a lone variable. */
export interface MagicWord extends TransclusionBase {
  type: 'magicWord'
}

/** `{{{` name [`|` default] `}}}`. */
export interface TemplateArgument extends TransclusionBase {
  type: 'templateArgument'
}

/** The part of a transclusion before its first parameter. */
export interface TemplateName extends ParentBase {
  type: 'templateName'
}

/** The name of a named parameter (before its `=`). */
export interface ParameterName extends ParentBase {
  type: 'parameterName'
}

/**
 * delimiter [parameterName `=`] value. When named, the first child is the `parameterName`
 * and the rest is the value; `valuePosition` spans the value alone.
 */
export interface TemplateParameter extends ParentBase {
  type: 'templateParameter'
  /** `|`, or `:` before a parser function's first argument. */
  delimiter: '|' | ':'
  /** The trimmed name of a named parameter, else `null`. */
  name: string | null
  /** 1-based index of a positional parameter, else `null`. */
  index: number | null
  valuePosition: Position
}

/** `__TOC__`, `__NOTOC__`, … from the site's list. */
export interface BehaviorSwitch extends NodeBase {
  type: 'behaviorSwitch'
  /** Upper-cased name without underscores (`TOC`). */
  name: string
  value: string
}

/** `----` or longer at a line start. */
export interface HorizontalRule extends NodeBase {
  type: 'horizontalRule'
  value: string
}

/** `#REDIRECT` as written (value), then whitespace and the target link as children. */
export interface Redirect extends ParentBase {
  type: 'redirect'
  value: string
}

/** `[[` linkTarget linkParameter* `]]` trail. */
export interface InternalLink extends ParentBase {
  type: 'internalLink'
  /** Normalised target: trimmed, `_` as space, leading `:` and fragment removed. */
  target: string
  /** Canonical namespace name (`File`, `Category`, …), or `''` for the main namespace. */
  namespace: string
  /** The part after `#`, or `null`. */
  fragment: string | null
  kind: 'page' | 'file' | 'media' | 'category' | 'interwiki'
  /** Letters after `]]` that the site's link trail joins to the link text. */
  trail: string
  children: [LinkTarget, ...LinkParameter[]]
}

/** The link target, as written. */
export interface LinkTarget extends ParentBase {
  type: 'linkTarget'
}

/** `|` then children: link text, or a file link option/caption. */
export interface LinkParameter extends ParentBase {
  type: 'linkParameter'
}

/** `[` url separator children `]`, or a bare url. */
export interface ExternalLink extends ParentBase {
  type: 'externalLink'
  url: string
  bracketed: boolean
  /** Whitespace between the url and the text, as written (`''` when none). */
  separator: string
}

/** [`''`] children [`''`]: `open`/`close` say which markers are present. */
export interface Italic extends ParentBase {
  type: 'italic'
  open: boolean
  close: boolean
}

/** [`'''`] children [`'''`]. */
export interface Bold extends ParentBase {
  type: 'bold'
  open: boolean
  close: boolean
}

/** Consecutive list items of one kind. */
export interface List extends NodeBase {
  type: 'list'
  kind: 'bullet' | 'ordered' | 'definition'
  children: ListItem[]
}

/** marker children. */
export interface ListItem extends ParentBase {
  type: 'listItem'
  /** The line's prefix (`**`, `#:`), `:` for the description in `;a:b`, `''` when implied. */
  marker: string
  kind: 'bullet' | 'ordered' | 'term' | 'description'
}

/** Space-led lines; each line's marker space stays in its text. */
export interface Preformatted extends ParentBase {
  type: 'preformatted'
}

/**
 * `{|` children [`|}`]: the attributes after `{|`, when there are any, are the first child (a
 * `tableAttributes`), then the rows.
 */
export interface Table extends ParentBase {
  type: 'table'
  /** The attributes as written (the source of the `tableAttributes` child; `''` when none). */
  attributes: string
  closed: boolean
}

/**
 * A table part's attributes, first child of its table, row, cell or caption. MediaWiki expands
 * templates and drops comments before it reads attributes, so they are kept as nodes here.
 * children `delimiter`: a cell's or caption's attributes end at a lone `|`, which the node spans.
 */
export interface TableAttributes extends ParentBase {
  type: 'tableAttributes'
  /** `!` where a header line's `|!!` leaves a `!` that MediaWiki reads as the cell's `|`. */
  delimiter: '|' | '!' | ''
}

interface TablePartBase extends ParentBase {
  /**
   * `|+`, `|-…`, `|`, `!`, `||`, `!!`, or `''` when implied; in a header line also `|!` or `!|`,
   * two characters MediaWiki reads as `||` once it has turned `!!` into `||`.
   */
  marker: string
  /**
   * The attributes as written (the source of the `tableAttributes` child, without its `|`), or
   * `null` when there are none.
   */
  attributes: string | null
}

/** marker children: [`tableAttributes` (attributes `|`)] content. */
export interface TableCaption extends TablePartBase {
  type: 'tableCaption'
}

/** marker children: [`tableAttributes` (to the line end, no `|`)] cells. */
export interface TableRow extends TablePartBase {
  type: 'tableRow'
}

/** marker children: [`tableAttributes` (attributes `|`)] content. */
export interface TableCell extends TablePartBase {
  type: 'tableCell'
  header: boolean
}

/** Any node but the root. */
export type Content =
  | Text
  | Comment
  | ExtensionTag
  | InclusionTag
  | HtmlTag
  | Heading
  | Template
  | ParserFunction
  | MagicWord
  | TemplateArgument
  | TemplateName
  | ParameterName
  | TemplateParameter
  | BehaviorSwitch
  | HorizontalRule
  | Redirect
  | InternalLink
  | LinkTarget
  | LinkParameter
  | ExternalLink
  | Italic
  | Bold
  | List
  | ListItem
  | Preformatted
  | Table
  | TableAttributes
  | TableCaption
  | TableRow
  | TableCell

/** Any node. */
export type Node = Root | Content

/** Nodes with children. */
export type Parent = Extract<Node, { children: unknown }>

/** Nodes with a literal `value` and no children. */
export type Literal = Text | Comment | InclusionTag | BehaviorSwitch | HorizontalRule

/** The `{{…}}`/`{{{…}}}` family. */
export type Transclusion = Template | ParserFunction | MagicWord | TemplateArgument
