/** Reads the pixel size of a PNG or JPEG data URI, checking its signature on the way. */
export function imageSize(dataUri: string): { type: 'png' | 'jpeg'; width: number; height: number } {
  const match = /^data:image\/(png|jpeg);base64,(.+)$/.exec(dataUri);
  if (!match) throw new Error('not an image data URI');
  const bytes = Buffer.from(match[2]!, 'base64');
  if (match[1] === 'png') {
    if (bytes.subarray(0, 8).toString('hex') !== '89504e470d0a1a0a') throw new Error('bad PNG signature');
    return { type: 'png', width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
  }
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) throw new Error('bad JPEG signature');
  let offset = 2;
  while (offset < bytes.length) {
    if (bytes[offset] !== 0xff) throw new Error('bad JPEG marker');
    const marker = bytes[offset + 1]!;
    const length = bytes.readUInt16BE(offset + 2);
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { type: 'jpeg', height: bytes.readUInt16BE(offset + 5), width: bytes.readUInt16BE(offset + 7) };
    }
    offset += 2 + length;
  }
  throw new Error('no JPEG frame header');
}
