import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { Ajv } from 'ajv'
import addFormatsModule from 'ajv-formats'
import { describe, expect, it } from 'vitest'
import { readmeRegistrations, readWorkspacePackages, repoPath } from '../src/index.js'

// Each app's server.json is what the MCP Registry lists it with: it must pass the registry's own
// schema, name the npm package and version it describes, and declare every environment variable
// the app's README documents, with the secrets marked.
const SCHEMA_DIR = repoPath('internal/test-utils/vendor/mcp-registry')
const schemaText = readFileSync(join(SCHEMA_DIR, 'server.schema.2025-12-11.json'), 'utf8')
const schema = JSON.parse(schemaText) as { $id: string }

// ajv-formats is CommonJS: under ESM its default export arrives as `.default` of the module.
const addFormats = (addFormatsModule as unknown as { default: (ajv: Ajv) => Ajv }).default
const ajv = new Ajv({ strict: false, allErrors: true })
addFormats(ajv)
const validate = ajv.compile(schema)

interface EnvironmentVariable {
  name: string
  description?: string
  isRequired?: boolean
  isSecret?: boolean
}
interface ServerJson {
  $schema: string
  name: string
  description: string
  version: string
  packages: {
    registryType: string
    identifier: string
    version: string
    transport: { type: string; url?: string }
    environmentVariables?: EnvironmentVariable[]
  }[]
}

const apps = readWorkspacePackages()
  .filter((p) => p.group === 'apps')
  .map((app) => ({
    app,
    server: JSON.parse(readFileSync(join(app.dir, 'server.json'), 'utf8')) as ServerJson,
    manifest: app.json,
    readme: readFileSync(join(app.dir, 'README.md'), 'utf8'),
  }))

describe('the vendored MCP Registry schema', () => {
  it('is the file its README names, unchanged', () => {
    const sha256 = createHash('sha256').update(schemaText).digest('hex')
    expect(readFileSync(join(SCHEMA_DIR, 'README.md'), 'utf8')).toContain(sha256)
    expect(schema.$id).toBe(
      'https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json',
    )
  })

  it('rejects what the registry rejects', () => {
    const [first] = apps
    const broken = structuredClone(first!.server)
    broken.packages[0]!.version = 'latest'
    expect(validate(broken)).toBe(false)
    expect(validate({ ...first!.server, description: 'x'.repeat(101) })).toBe(false)
    expect(validate({ ...first!.server, name: 'no-namespace' })).toBe(false)
  })
})

describe.each(apps)('$app.json.name server.json', ({ app, server, manifest, readme }) => {
  it('validates against the registry schema it names', () => {
    expect(server.$schema).toBe(schema.$id)
    const ok = validate(server)
    expect(validate.errors ?? []).toEqual([])
    expect(ok).toBe(true)
  })

  it('describes the npm package at its version', () => {
    expect(manifest.mcpName).toBe(server.name)
    expect(server.name).toBe(`io.github.wiki-mcp/${app.json.name}`)
    expect(server.version).toBe(manifest.version)
    for (const pkg of server.packages) {
      expect(pkg).toMatchObject({
        registryType: 'npm',
        identifier: app.json.name,
        version: manifest.version,
      })
    }
    expect(server.packages.map((p) => p.transport.type).sort()).toEqual([
      'stdio',
      'streamable-http',
    ])
  })

  it('declares every variable with a description and whether it is required and secret', () => {
    const variables = server.packages.flatMap((pkg) => pkg.environmentVariables ?? [])
    expect(variables.length).toBeGreaterThan(0)
    for (const variable of variables) {
      expect({ name: variable.name, described: /\S/.test(variable.description ?? '') }).toEqual({
        name: variable.name,
        described: true,
      })
      expect({ name: variable.name, required: typeof variable.isRequired }).toEqual({
        name: variable.name,
        required: 'boolean',
      })
      expect({ name: variable.name, secret: typeof variable.isSecret }).toEqual({
        name: variable.name,
        secret: 'boolean',
      })
    }
    // Every variable is one the README documents.
    const undocumented = variables.filter((v) => !readme.includes(v.name)).map((v) => v.name)
    expect(undocumented).toEqual([])
    // The secrets are exactly the tokens and keys.
    const secrets = new Set(variables.filter((v) => v.isSecret).map((v) => v.name))
    const credentials = new Set(
      variables.map((v) => v.name).filter((name) => /(?:^MCP_HTTP_TOKEN|_API_KEY)$/.test(name)),
    )
    expect(secrets).toEqual(credentials)
  })

  it('declares what the README registration sets, and requires nothing it leaves out', () => {
    const { mcpServers } = readmeRegistrations(join(app.dir, 'README.md'))
    const stdio = server.packages.find((p) => p.transport.type === 'stdio')!
    const declared = (stdio.environmentVariables ?? []).map((v) => v.name)
    for (const name of Object.keys(mcpServers.env)) expect(declared).toContain(name)
    const required = (stdio.environmentVariables ?? []).filter((v) => v.isRequired)
    for (const variable of required) expect(Object.keys(mcpServers.env)).toContain(variable.name)
  })
})
