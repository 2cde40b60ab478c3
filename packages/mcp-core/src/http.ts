export { createHttpHandler } from './lib/http/create-http-handler.js'
export type {
  CreateHttpHandlerOptions,
  HttpHandler,
  HttpStats,
} from './lib/http/create-http-handler.js'
export type { HttpAuth, NamedToken } from './lib/http/bearer-auth.js'
