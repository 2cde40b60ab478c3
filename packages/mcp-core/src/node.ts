export { readHttpSettings } from './lib/node/read-http-settings.js'
export type { HttpSettings, ReadHttpSettingsOptions } from './lib/node/read-http-settings.js'
export { formatRegistration, registrationSnippets } from './lib/node/registration-snippets.js'
export type { RegistrationInput, RegistrationSnippets } from './lib/node/registration-snippets.js'
export { serveHttp } from './lib/node/serve-http.js'
export type { HttpServer, ServeHttpOptions } from './lib/node/serve-http.js'
export { runServerCli } from './lib/node/run-server-cli.js'
export type {
  AppCommand,
  AppContext,
  CommandContext,
  ServeContext,
  ServedApp,
  ServerApp,
  ServerCliIo,
} from './lib/node/run-server-cli.js'
export type { CliOption, OptionValues } from './lib/node/cli-arguments.js'
export { UsageError } from './lib/node/usage-error.js'
export { readSvgIcon } from './lib/node/read-svg-icon.js'
