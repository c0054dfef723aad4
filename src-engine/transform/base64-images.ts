/**
 * Matches a markdown image whose target is a base64 `data:image/...` URI. The alt text may
 * contain escaped brackets; the URI runs to the closing parenthesis (base64 has none).
 */
const BASE64_IMAGE = /(!\[(?:[^\]\\]|\\.)*\])\(\s*<?data:image\/[^;,)\s]*;base64,[^)\s>]*>?(?:\s+"[^"]*")?\s*\)/g;

/**
 * The `removeBase64Images` scrape option (on by default): replaces every inline base64 image
 * of the markdown with `![alt](<Base64-Image-Removed>)`, keeping the alt text, so documents
 * stay small and readable. The `html` format is left untouched.
 */
export function removeBase64Images(markdown: string): string {
  return markdown.replace(BASE64_IMAGE, '$1(<Base64-Image-Removed>)');
}
