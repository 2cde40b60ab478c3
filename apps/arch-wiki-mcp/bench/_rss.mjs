// idle RSS after initialize of a command
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import { readFileSync } from 'node:fs'
const [cmd, ...args] = JSON.parse(process.argv[2])
const t = new StdioClientTransport({
  command: cmd,
  args,
  env: {
    PATH: process.env.PATH,
    ARCH_WIKI_OFFLINE: '/work/shared/arch-fixtures',
    NODE_OPTIONS: process.env.X_NODE_OPTIONS ?? '',
  },
  stderr: 'ignore',
})
const c = new Client({ name: 'x', version: '1' })
await c.connect(t)
const rss = () =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${t.pid}/status`, 'utf8'))[1]) / 1024
const idle = rss()
let after = null
if (process.argv[3]) {
  for (const p of ['GRUB', 'Installation guide', 'Iwd', 'KDE', 'Pacman', 'Systemd']) {
    await c.callTool({ name: 'commands', arguments: { title_or_url: p } })
    await c.callTool({ name: 'warnings', arguments: { title_or_url: p } })
    await c.callTool({ name: 'page', arguments: { title_or_url: p } })
  }
  after = rss()
}
console.log(
  process.argv[2].slice(0, 60),
  'idle',
  idle.toFixed(1),
  'after',
  after?.toFixed(1),
  'opts',
  process.env.X_NODE_OPTIONS ?? '',
)
await t.close()
