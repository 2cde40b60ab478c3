// markdown-wiki-mcp: MCP server for a Markdown LLM wiki: stdio to edit, HTTP to serve.
process.stderr.write('markdown-wiki-mcp: not implemented yet\n')
process.exitCode = 1
