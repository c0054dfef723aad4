import { describe, expect, it } from 'vitest';
import { removeBase64Images } from '../../../src-engine/transform/base64-images.js';

describe('removeBase64Images', () => {
  it('replaces base64 image targets and keeps the alt text', () => {
    const markdown = 'Logo: ![Fish market logo](data:image/png;base64,iVBORw0KGgo+/=) and ![](data:image/svg+xml;base64,PHN2Zz4=)';
    expect(removeBase64Images(markdown)).toBe('Logo: ![Fish market logo](<Base64-Image-Removed>) and ![](<Base64-Image-Removed>)');
  });

  it('handles escaped brackets in alt text and images inside links', () => {
    const markdown = '[![a \\[b\\]](data:image/gif;base64,R0lGOD)](https://x.example/)';
    expect(removeBase64Images(markdown)).toBe('[![a \\[b\\]](<Base64-Image-Removed>)](https://x.example/)');
  });

  it('leaves ordinary images and non-image data links alone', () => {
    const markdown = '![Gull](https://cdn.example/gull.jpg) [file](data:text/plain;base64,aGk=)';
    expect(removeBase64Images(markdown)).toBe(markdown);
  });
});
