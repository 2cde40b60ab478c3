import path from 'node:path'
import process from 'node:process'
import type { CliOption } from './cli-arguments.js'
import type { PackageInfo } from './package-info.js'
import type { RegistrationInput } from './registration-snippets.js'

/**
 * The key clients file this server under: the package name without `-mcp` (`arch-wiki`). It is
 * shorter than the server name, so `createServer`'s check that `<name>-http` + a tool name fits
 * Cursor's 60 characters covers the registration key too.
 */
export function registrationKey(name: string): string {
  return name.replace(/-mcp$/, '')
}

/** The variable HTTP registrations read the bearer token from: `ARCH_WIKI_MCP_TOKEN`. */
export function tokenEnvVar(name: string): string {
  return `${name.toUpperCase().replace(/[^A-Z0-9]+/g, '_')}_TOKEN`
}

/**
 * What an app's registrations hold: this Node and the app's real bin, both absolute, and the
 * registered settings given on this command line or in this environment (paths made absolute
 * against `cwd`, secrets and missing values as placeholders, defaults left out).
 */
export function appRegistration(
  app: PackageInfo,
  options: Readonly<Record<string, CliOption>>,
  values: Readonly<Record<string, string | undefined>>,
  http: { port: number },
  cwd: string,
): RegistrationInput {
  const env: Record<string, string> = {}
  for (const [key, option] of Object.entries(options)) {
    if (!option.register || option.env === undefined) continue
    const given = values[key]
    if (given === undefined || option.secret) {
      if (option.placeholder !== undefined) env[option.env] = option.placeholder
    } else if (option.path) {
      // Always written out: a relative default (`./wiki`) would be read in the client's folder.
      env[option.env] = path.resolve(cwd, given)
    } else if (given !== option.default) {
      env[option.env] = given
    }
  }
  return {
    key: registrationKey(app.name),
    stdio: { command: process.execPath, args: [app.bin, '--stdio'], env },
    // Port 0 means "any free port": no registration can name it, so it shows the default.
    http: {
      url: `http://127.0.0.1:${http.port === 0 ? 3000 : http.port}/mcp`,
      tokenEnvVar: tokenEnvVar(app.name),
    },
  }
}
