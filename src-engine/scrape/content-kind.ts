/** What a fetched body is, which decides how it becomes a document. */
export type ContentKind = 'html' | 'pdf' | 'json' | 'text' | 'unsupported';

export function classifyContent(contentType: string, body: Buffer): ContentKind {
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  if (type === 'application/pdf' || body.subarray(0, 5).toString('latin1') === '%PDF-') return 'pdf';
  if (type === 'text/html' || type === 'application/xhtml+xml') return 'html';
  if (type === 'application/json' || type.endsWith('+json')) return 'json';
  if (type.startsWith('text/') || type === 'application/xml' || type.endsWith('+xml') || type === 'application/javascript') {
    return 'text';
  }
  if (type === '' || type === 'application/octet-stream') {
    const head = body.subarray(0, 512).toString('utf8').trimStart().toLowerCase();
    if (head.startsWith('<!doctype html') || head.startsWith('<html') || head.includes('<body')) return 'html';
    return /[\u0000-\u0008\u000e-\u001f]/.test(head) ? 'unsupported' : 'text';
  }
  return 'unsupported';
}
