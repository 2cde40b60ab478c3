import { afterEach, describe, expect, it } from 'vitest'
import {
  createMarkdownFolderSource,
  frontmatterPresets,
  type MarkdownFolderSource,
  type SearchLanguage,
} from '@wiki/wiki-adapters/markdown-folder'
import { makeWiki } from './markdown-folder/helpers.js'

let cleanups: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const cleanup of cleanups) await cleanup()
  cleanups = []
})

async function open(
  preset: 'it' | 'en',
  files: Record<string, string>,
  language?: SearchLanguage,
): Promise<MarkdownFolderSource> {
  const made = await makeWiki(files)
  const source = await createMarkdownFolderSource({
    wikiPath: made.wiki,
    schema: frontmatterPresets[preset],
    timeZone: 'UTC',
    watch: false,
    ...(language === undefined ? {} : { language }),
  })
  cleanups.push(async () => {
    await source.close()
    await made.cleanup()
  })
  return source
}

const page = (title: string, body: string, aliases?: string): string =>
  `${aliases ? `---\naliases: [${aliases}]\n---\n` : ''}# ${title}\n\n${body}\n`

async function slugs(source: MarkdownFolderSource, q: string): Promise<string[]> {
  return (await source.search({ q })).results.map((hit) => hit.slug)
}

const english = {
  'ports.md': page('ports', 'The FreeBSD collection of Makefiles that build software from source.'),
  'sockets.md': page(
    'Which services are listening',
    'To see which network ports are open, list the listening sockets with ss; nmap scans open ports from outside.',
  ),
  'git-show.md': page('git-show', 'Shows commits, tags and other objects with their diff.'),
  'ps.md': page(
    'ps',
    'Reports a snapshot of the current processes: ps aux lists every running process.',
  ),
  'compression.md': page(
    'Compressing files',
    'gzip compresses a file; compression of media barely helps.',
  ),
  'tunnel.md': page('SSH tunnels', 'ssh -L forwards a local port to a remote host.'),
  'cron.md': page(
    'Scheduling jobs',
    'Each line of the table runs a command at a given minute.',
    'crontab',
  ),
}

const italian = {
  'porte.md': page(
    'porte',
    'Elenco degli ingressi: porta A, porta B. Orario di apertura delle porte dalle 7:30.',
  ),
  'firewall.md': page(
    'Firewall della sede',
    "Verso l'esterno sono aperte solo la 443 e la 22; ogni altra porta in ingresso è chiusa.",
  ),
  'mostra.md': page('Mostra', 'A maggio la mostra fotografica del circolo aziendale.'),
  'monitoraggio.md': page(
    'Monitoraggio dei server',
    'Per vedere cosa gira usa htop: elenca i processi in esecuzione con il consumo di memoria.',
  ),
  'stampante.md': page('Stampante di rete', 'Per stampare dal portatile aggiungi la stampante.'),
  'comprimere.md': page('Comprimere file', 'Con 7-Zip si ottiene una compressione migliore.'),
  'attivita.md': page('Attività pianificate', 'La pulizia dei log gira ogni domenica.'),
  'remoto.md': page('Lavoro da remoto', 'Si lavora da casa due giorni a settimana.', 'telelavoro'),
}

describe('English: stemming, prefixes, aliases and answers over titles', () => {
  it('ranks the page that answers "open ports" above a page titled ports', async () => {
    const source = await open('en', english)
    expect((await slugs(source, 'open ports'))[0]).toBe('sockets')
  })

  it('ranks ps above git-show for "show running processes"', async () => {
    const source = await open('en', english)
    expect((await slugs(source, 'show running processes'))[0]).toBe('ps')
  })

  it('port and ports reach the same pages', async () => {
    const source = await open('en', english)
    const port = await slugs(source, 'port')
    const ports = await slugs(source, 'ports')
    expect(port).toContain('tunnel')
    expect(port).toContain('sockets')
    expect(new Set(ports)).toEqual(new Set(port))
  })

  it('completes the last word as a prefix, and a long word that matches nothing', async () => {
    const source = await open('en', english)
    expect((await slugs(source, 'compres'))[0]).toBe('compression')
    // not the last word, but four letters or more and no exact match: expanded too
    expect((await slugs(source, 'compres file'))[0]).toBe('compression')
    // a word of three letters that is not last is not expanded (gzi would reach gzip)
    expect(await slugs(source, 'gzi ssh')).toEqual(['tunnel'])
  })

  it('finds a page by an alias that its text never uses', async () => {
    const source = await open('en', english)
    expect(await slugs(source, 'crontab')).toEqual(['cron'])
  })

  it('cuts the snippet around the matched words, stemmed', async () => {
    const source = await open('en', english)
    const hit = (await source.search({ q: 'listening socket' })).results[0]
    expect(hit?.slug).toBe('sockets')
    expect(hit?.snippet).toContain('listening sockets')
  })

  it('language none: no stemming, so ports no longer reaches port', async () => {
    const source = await open('en', english, 'none')
    expect(await slugs(source, 'ports')).not.toContain('tunnel')
  })
})

describe('Italian: stemming, prefixes, aliases and answers over titles', () => {
  it('ranks the firewall page above a page titled porte', async () => {
    const source = await open('it', italian)
    expect((await slugs(source, 'quali porte sono aperte'))[0]).toBe('firewall')
  })

  it('mostrare i processi reaches monitoring, not the page titled Mostra', async () => {
    const source = await open('it', italian)
    expect((await slugs(source, 'mostrare i processi in esecuzione'))[0]).toBe('monitoraggio')
  })

  it('stems plurals and verb forms', async () => {
    const source = await open('it', italian)
    expect((await slugs(source, 'stampanti'))[0]).toBe('stampante')
    expect((await slugs(source, 'lavorare'))[0]).toBe('remoto')
  })

  it('completes a prefix and folds accents', async () => {
    const source = await open('it', italian)
    expect((await slugs(source, 'compres'))[0]).toBe('comprimere')
    expect((await slugs(source, 'attivita'))[0]).toBe('attivita')
  })

  it('finds a page by its alias', async () => {
    const source = await open('it', italian)
    expect(await slugs(source, 'telelavoro')).toEqual(['remoto'])
  })
})
