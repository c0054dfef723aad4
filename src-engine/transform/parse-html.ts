import { parseHTML } from 'linkedom';

/** Elements that belong in `<head>` when they appear before any body content in a loose document. */
const HEAD_ELEMENTS = new Set(['TITLE', 'META', 'LINK', 'BASE', 'STYLE', 'SCRIPT', 'NOSCRIPT', 'TEMPLATE']);

const EMPTY_DOCUMENT = '<!DOCTYPE html><html><head></head><body></body></html>';

/**
 * Parses an HTML page or fragment into a DOM `Document` that always has `<html>`, `<head>` and
 * `<body>`. Every transform stage starts here, so fragments (`<p>hi</p>`), bare text and
 * documents missing their `<body>` tag all come out with the same, predictable shape.
 */
export function parseHtml(html: string): Document {
  const { document } = parseHTML(html) as unknown as { document: Document };
  if (isWellFormed(document)) return document;
  return reparseNormalized(document);
}

function isWellFormed(document: Document): boolean {
  const root = document.documentElement;
  if (!root || root.tagName !== 'HTML') return false;
  let head = false;
  let body = false;
  for (const child of Array.from(root.children)) {
    if (child.tagName === 'HEAD') head = true;
    else if (child.tagName === 'BODY') body = true;
    else return false;
  }
  return head && body;
}

/** Moves the loose nodes of `source` into an `html > head + body` skeleton and parses that again. */
function reparseNormalized(source: Document): Document {
  const { document } = parseHTML(EMPTY_DOCUMENT) as unknown as { document: Document };
  const root = document.documentElement;
  const head = document.head;
  const body = document.body;
  let inBody = false;

  const place = (node: Node): void => {
    if (node.nodeType === 10) return; // doctype
    if (node.nodeType === 1) {
      const element = node as Element;
      switch (element.tagName) {
        case 'HTML':
          copyAttributes(element, root);
          for (const child of Array.from(element.childNodes)) place(child);
          return;
        case 'HEAD':
          for (const child of Array.from(element.childNodes)) head.appendChild(child);
          return;
        case 'BODY':
          copyAttributes(element, body);
          inBody = true;
          for (const child of Array.from(element.childNodes)) body.appendChild(child);
          return;
      }
      if (!inBody && HEAD_ELEMENTS.has(element.tagName)) {
        head.appendChild(element);
        return;
      }
      inBody = true;
      body.appendChild(element);
      return;
    }
    if (node.nodeType === 3) {
      if (!inBody && !(node.textContent ?? '').trim()) return;
      inBody = true;
    }
    body.appendChild(node);
  };

  for (const child of Array.from(source.childNodes)) place(child);
  // Nodes moved across documents keep their old owner; one more parse gives a consistent tree.
  const { document: normalized } = parseHTML(document.toString()) as unknown as { document: Document };
  return normalized;
}

function copyAttributes(from: Element, to: Element): void {
  for (const attribute of Array.from(from.attributes)) to.setAttribute(attribute.name, attribute.value);
}
