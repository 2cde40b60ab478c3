// arch-wiki-mcp: Citability engine MCP server for the Arch Linux wiki and any MediaWiki.
process.stderr.write('arch-wiki-mcp: not implemented yet\n')
process.exitCode = 1
