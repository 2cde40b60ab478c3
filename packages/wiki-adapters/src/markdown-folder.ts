export { createMarkdownFolderSource } from './lib/markdown-folder/markdown-folder-source.js'
export type {
  AppendLogResult,
  ChecksumResult,
  ChangedPage,
  DeletePageInput,
  DeleteResult,
  EditPageInput,
  EditResult,
  MovePageInput,
  MoveResult,
  RecentChange,
  RecentChanges,
  RecentChangesOptions,
  RecentCommit,
  SectionRead,
  TagList,
  LinkGraph,
  LogEntry,
  MarkdownFolderSource,
  MarkdownFolderSourceOptions,
  PageItem,
  PageList,
  PageRead,
  RawSource,
  SearchHit,
  SearchQuery,
  SearchResult,
  WikiStatus,
  WriteResult,
} from './lib/markdown-folder/types.js'
export {
  frontmatterPresets,
  parseFrontmatterSchema,
} from './lib/markdown-folder/frontmatter-schema.js'
export { detectFrontmatterSchema } from './lib/markdown-folder/schema-detection.js'
export type { SchemaDetection } from './lib/markdown-folder/schema-detection.js'
export type {
  FieldKind,
  FieldRole,
  FrontmatterField,
  FrontmatterIssue,
  FrontmatterSchema,
  PresetName,
  SchemaLanguage,
} from './lib/markdown-folder/frontmatter-schema.js'
export type { FrontmatterError } from './lib/markdown-folder/frontmatter.js'
export type {
  RawDiff,
  RawFileEntry,
  RawListing,
  RawText,
  RawCommands,
} from './lib/markdown-folder/raw-layer.js'
export type { SearchLanguage } from './lib/markdown-folder/stemming.js'
export type { LockTimings } from './lib/markdown-folder/file-lock.js'
export type { PathRefusal } from './lib/markdown-folder/path-rules.js'
export { WikiSourceError } from './lib/wiki-source-error.js'
export type { WikiSourceErrorCode } from './lib/wiki-source-error.js'
