// The one hand-built PDF writer, shared by the markdown-folder tests and by the fixture generator
// fixtures/markdown-wiki/scripts/make-pdf.mjs. Plain JavaScript so that script runs on Node 20
// without a build; the output must stay byte-for-byte the same, since the fixture's checksum is
// recorded in fixtures/markdown-wiki/wiki/sources.md.

/**
 * A minimal valid one-page PDF showing `lines` in Helvetica, built by hand (offsets computed), so
 * tests and fixtures need no PDF library.
 *
 * @param {readonly string[]} lines
 * @returns {Buffer}
 */
export function makePdf(lines) {
  const escape = (text) => text.replace(/[\\()]/g, (c) => `\\${c}`)
  const stream = [
    'BT',
    '/F1 12 Tf',
    '14 TL',
    '72 720 Td',
    ...lines.map((line) => `(${escape(line)}) '`),
    'ET',
  ].join('\n')
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ]
  let out = '%PDF-1.4\n'
  const offsets = []
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'))
    out += `${i + 1} 0 obj\n${body}\nendobj\n`
  })
  const xref = Buffer.byteLength(out, 'latin1')
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`
  for (const offset of offsets) out += `${String(offset).padStart(10, '0')} 00000 n \n`
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`
  return Buffer.from(out, 'latin1')
}
