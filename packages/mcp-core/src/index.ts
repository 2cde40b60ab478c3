export { createServer } from './lib/core/create-server.js'
export type { CreateServerOptions, ServerDefinition } from './lib/core/create-server.js'
export { definePrompt } from './lib/core/define-prompt.js'
export type { Prompt, PromptConfig } from './lib/core/define-prompt.js'
export { defineTool } from './lib/core/define-tool.js'
export type { Tool, ToolAnnotations, ToolConfig } from './lib/core/define-tool.js'
export type { Icon } from './lib/core/icons.js'
export { SUPPORTED_PROTOCOL_VERSIONS } from './lib/core/revisions.js'
export type { ProtocolVersion } from './lib/core/revisions.js'
export { ToolError } from './lib/core/tool-error.js'
export type {
  AudioContent,
  ContentBlock,
  EmbeddedResource,
  ImageContent,
  PromptMessage,
  ResourceLink,
  TextContent,
} from './lib/core/content.js'
export type { Logger, LogLevel } from './lib/core/logger.js'
export type { ProtocolOptions } from './lib/core/engine.js'
export type { AbortReason, PromptContext, Session, ToolContext } from './lib/core/session.js'
