export { createLocator, type Locator } from './lib/create-locator.js'
export { defaultSite, defineSite, type ExtensionTagMode, type Site } from './lib/define-site.js'
export { fromWikitext, type FromWikitextOptions } from './lib/from-wikitext.js'
export { siteFromSiteinfo } from './lib/site-from-siteinfo.js'
export { sectionsOf, type Section, type SectionsOfOptions } from './lib/sections-of.js'
export { sectionSliceAt, type SectionSliceAtOptions } from './lib/section-slice-at.js'
export { sectionOffsetLanding } from './lib/section-offset-landing.js'
export { toWikitext } from './lib/to-wikitext.js'
export {
  WikitextParserError,
  type InputSize,
  type WikitextParserErrorCode,
} from './lib/wikitext-parser-error.js'
export type {
  Bold,
  BehaviorSwitch,
  Comment,
  Content,
  ExtensionTag,
  ExternalLink,
  Heading,
  HorizontalRule,
  HtmlTag,
  InclusionTag,
  InternalLink,
  Italic,
  LinkParameter,
  LinkTarget,
  List,
  ListItem,
  Literal,
  MagicWord,
  Node,
  ParameterName,
  Parent,
  ParserFunction,
  Point,
  Position,
  Preformatted,
  Redirect,
  Root,
  Table,
  TableAttributes,
  TableCaption,
  TableCell,
  TableRow,
  Template,
  TemplateArgument,
  TemplateName,
  TemplateParameter,
  Text,
  Transclusion,
} from './lib/types.js'
export {
  admonitionsOf,
  type Admonition,
  type AdmonitionsOfOptions,
} from './lib/extract/admonitions-of.js'
export { cleanCode, type CleanCode } from './lib/extract/clean-code.js'
export { cleanMessage } from './lib/extract/clean-message.js'
export { cleanSnippet } from './lib/extract/clean-snippet.js'
export {
  codeBlocksOf,
  type CodeBlock,
  type CodeBlocksOfOptions,
} from './lib/extract/code-blocks-of.js'
export { linksOf, type Link, type LinksOfOptions } from './lib/extract/links-of.js'
export { canonicalTemplateName, templateNamesOf } from './lib/extract/template-names.js'
export {
  templatesOf,
  type TemplateCall,
  type TemplatesOfOptions,
} from './lib/extract/templates-of.js'
export type { Span } from './lib/extract/walk.js'
export { archwiki } from './lib/profile/archwiki.js'
export { roleOf } from './lib/profile/role-of.js'
export {
  defineProfile,
  type AdmonitionType,
  type Profile,
  type ProfileDefinition,
  type TemplateRole,
  type TemplateRoleKind,
} from './lib/profile/define-profile.js'
