/** A text block. Tool results always start with one. */
export interface TextContent {
  type: 'text'
  text: string
}

/** A base64-encoded image. */
export interface ImageContent {
  type: 'image'
  data: string
  mimeType: string
}

/** Base64-encoded audio; dropped for clients on 2024-11-05. */
export interface AudioContent {
  type: 'audio'
  data: string
  mimeType: string
}

/** A resource embedded by value, as text or as a base64 blob. */
export interface EmbeddedResource {
  type: 'resource'
  resource:
    | { uri: string; mimeType?: string; text: string }
    | { uri: string; mimeType?: string; blob: string }
}

/** A link to a resource; dropped for clients before 2025-06-18. */
export interface ResourceLink {
  type: 'resource_link'
  uri: string
  name: string
  title?: string
  description?: string
  mimeType?: string
}

/** Any block a tool result or prompt message may carry. */
export type ContentBlock =
  TextContent | ImageContent | AudioContent | EmbeddedResource | ResourceLink

/** One message returned by a prompt handler. */
export interface PromptMessage {
  role: 'user' | 'assistant'
  content: ContentBlock
}
