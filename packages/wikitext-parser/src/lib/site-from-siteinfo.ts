import { defineSite, type ExtensionTagMode, type Site } from './define-site.js'
import { defaultSite } from './define-site.js'
import { WikitextParserError } from './wikitext-parser-error.js'

/** Tags whose content MediaWiki parses as wikitext; every other registered tag stays opaque. */
const wikitextTags: ReadonlySet<string> = new Set(['ref', 'references', 'poem', 'indicator'])

type Json = Record<string, unknown>

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []

/**
 * Reads a `meta=siteinfo` response (`siprop=general|namespaces|namespacealiases|magicwords|
 * extensiontags|protocols|interwikimap|functionhooks|variables`, either the whole body or its
 * `query`) into a site. Missing parts keep `defaultSite`'s values.
 */
export function siteFromSiteinfo(json: unknown): Site {
  const root = isObject(json) && isObject(json.query) ? json.query : json
  if (!isObject(root)) {
    throw new WikitextParserError(
      'invalid_option',
      'siteinfo: expected the JSON of action=query&meta=siteinfo (an object with "query")',
    )
  }
  const site: { -readonly [K in keyof Site]?: Site[K] } = {}
  const general = isObject(root.general) ? root.general : undefined

  const tags = strings(root.extensiontags)
  if (tags.length > 0) {
    const extensionTags: Record<string, ExtensionTagMode> = {}
    for (const tag of tags) {
      const name = tag.replace(/^<|>$/gu, '').toLowerCase()
      extensionTags[name] = wikitextTags.has(name) ? 'wikitext' : 'opaque'
    }
    site.extensionTags = extensionTags
  }
  const protocols = strings(root.protocols)
  if (protocols.length > 0) site.urlProtocols = protocols
  const hooks = strings(root.functionhooks)
  if (hooks.length > 0) site.functionHooks = hooks.flatMap((hook) => [hook, `#${hook}`])
  const variables = strings(root.variables)

  if (Array.isArray(root.magicwords)) {
    const switches: string[] = []
    const variableNames = new Set(variables)
    const aliasesOfVariables: string[] = []
    const anyCaseVariables: string[] = []
    const hookAliases: string[] = []
    const exactHooks: string[] = []
    const hookNames = new Set(hooks)
    for (const word of root.magicwords) {
      if (!isObject(word) || typeof word.name !== 'string') continue
      const aliases = strings(word.aliases)
      if (aliases.some((alias) => /^__.*__$/u.test(alias))) {
        for (const alias of aliases) {
          const match = /^__(.*)__$/u.exec(alias)
          if (match?.[1]) switches.push(match[1].toUpperCase())
        }
      }
      // formatversion=2 writes a boolean; the default format an empty string when it is true.
      const caseSensitive = word['case-sensitive'] === true || word['case-sensitive'] === ''
      if (variableNames.has(word.name)) {
        for (const alias of aliases) aliasesOfVariables.push(alias)
        if (!caseSensitive) for (const alias of aliases) anyCaseVariables.push(alias)
      }
      if (hookNames.has(word.name)) {
        for (const alias of aliases) {
          const bare = alias.replace(/:$/u, '')
          hookAliases.push(bare, bare.startsWith('#') ? bare : `#${bare}`)
          if (caseSensitive) exactHooks.push(bare)
        }
      }
      if (word.name === 'redirect') site.redirectWords = aliases
    }
    if (switches.length > 0) site.behaviorSwitches = switches
    if (aliasesOfVariables.length > 0) {
      site.variables = [...aliasesOfVariables, '!', '=']
      site.caseInsensitiveVariables = anyCaseVariables
    }
    if (hooks.length > 0) site.caseSensitiveFunctionHooks = exactHooks
    if (hookAliases.length > 0) site.functionHooks = [...(site.functionHooks ?? []), ...hookAliases]
  } else if (variables.length > 0) {
    site.variables = [...variables, '!', '=']
  }

  if (isObject(root.namespaces)) {
    const byId = new Map<number, string[]>()
    for (const namespace of Object.values(root.namespaces)) {
      if (!isObject(namespace) || typeof namespace.id !== 'number') continue
      const names = [namespace['*'], namespace.canonical, namespace.name].filter(
        (name): name is string => typeof name === 'string' && name !== '',
      )
      byId.set(namespace.id, names)
    }
    for (const alias of Array.isArray(root.namespacealiases) ? root.namespacealiases : []) {
      if (isObject(alias) && typeof alias.id === 'number' && typeof alias['*'] === 'string') {
        byId.get(alias.id)?.push(alias['*'])
      }
    }
    const unique = (names: readonly string[] | undefined): string[] => [...new Set(names ?? [])]
    site.fileNamespaces = unique(byId.get(6))
    site.mediaNamespaces = unique(byId.get(-2))
    site.categoryNamespaces = unique(byId.get(14))
    site.talkNamespaces = unique(byId.get(1))
    site.namespaces = [...byId.entries()]
      .filter(([id]) => id !== 6 && id !== -2 && id !== 14 && id !== 0)
      .flatMap(([, names]) => unique(names))
  }
  if (Array.isArray(root.interwikimap)) {
    site.interwikiPrefixes = root.interwikimap
      .map((entry) => (isObject(entry) && typeof entry.prefix === 'string' ? entry.prefix : ''))
      .filter((prefix) => prefix !== '')
  }
  if (general) {
    const trail = typeof general.linktrail === 'string' ? general.linktrail : undefined
    // MediaWiki writes the trail as a PCRE like `/^([a-z]+)(.*)$/sD`: keep the class body.
    const body = trail ? /^\/\^\(\[(.*)\]\+\)/u.exec(trail)?.[1] : undefined
    if (body !== undefined && body !== '') site.linkTrail = body
    else if (trail !== undefined) site.linkTrail = '\\u{E000}'
    const modes = strings(general.fragmentmode).filter(
      (mode): mode is 'html5' | 'legacy' => mode === 'html5' || mode === 'legacy',
    )
    if (modes.length > 0) site.fragmentMode = modes
    const version = typeof general.generator === 'string' ? general.generator : ''
    const minor = /MediaWiki 1\.(\d+)/u.exec(version)?.[1]
    if (minor !== undefined) site.headingIds = Number(minor) >= 43 ? '1.43' : '1.39'
  }
  return defineSite({ ...defaultSite, ...site })
}
