/**
 * Decodes the images the API returns as data URIs far enough to prove they are real images
 * of a given size: a PNG is checked chunk by chunk (signature, IHDR, CRCs, IEND) and its pixel
 * data inflated to exactly the rows its header announces; a JPEG is checked for its start and
 * end markers and read for the frame size.
 */
import { crc32, inflateSync } from 'node:zlib';

export interface DecodedImage {
  type: 'png' | 'jpeg';
  width: number;
  height: number;
}

const PNG_SIGNATURE = '89504e470d0a1a0a';
/** Channels per pixel by PNG colour type. */
const PNG_CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

function decodePng(bytes: Buffer): DecodedImage {
  if (bytes.subarray(0, 8).toString('hex') !== PNG_SIGNATURE) throw new Error('bad PNG signature');
  let offset = 8;
  let header: { width: number; height: number; bitDepth: number; colourType: number; interlace: number } | undefined;
  const data: Buffer[] = [];
  let ended = false;
  while (offset < bytes.length) {
    const length = bytes.readUInt32BE(offset);
    const type = bytes.subarray(offset + 4, offset + 8).toString('latin1');
    const body = bytes.subarray(offset + 8, offset + 8 + length);
    const crc = bytes.readUInt32BE(offset + 8 + length);
    if (crc32(bytes.subarray(offset + 4, offset + 8 + length)) !== crc) throw new Error(`bad CRC in PNG chunk ${type}`);
    if (offset === 8 && type !== 'IHDR') throw new Error('PNG does not start with IHDR');
    if (type === 'IHDR') {
      header = {
        width: body.readUInt32BE(0),
        height: body.readUInt32BE(4),
        bitDepth: body[8]!,
        colourType: body[9]!,
        interlace: body[12]!,
      };
    } else if (type === 'IDAT') {
      data.push(body);
    } else if (type === 'IEND') {
      ended = true;
      break;
    }
    offset += 12 + length;
  }
  if (!header) throw new Error('PNG has no IHDR');
  if (!ended) throw new Error('PNG has no IEND');
  const pixels = inflateSync(Buffer.concat(data));
  if (header.interlace === 0) {
    const channels = PNG_CHANNELS[header.colourType];
    if (channels === undefined) throw new Error(`unknown PNG colour type ${header.colourType}`);
    const rowBytes = 1 + Math.ceil((header.width * channels * header.bitDepth) / 8);
    if (pixels.length !== rowBytes * header.height) {
      throw new Error(`PNG pixel data has ${pixels.length} bytes, expected ${rowBytes * header.height}`);
    }
  }
  return { type: 'png', width: header.width, height: header.height };
}

function decodeJpeg(bytes: Buffer): DecodedImage {
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) throw new Error('bad JPEG start marker');
  if (bytes[bytes.length - 2] !== 0xff || bytes[bytes.length - 1] !== 0xd9) throw new Error('JPEG does not end with EOI');
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
  throw new Error('JPEG has no frame header');
}

/** Decodes a `data:image/png;base64,…` or `data:image/jpeg;base64,…` URI. */
export function decodeImageDataUri(dataUri: string): DecodedImage {
  const match = /^data:image\/(png|jpeg);base64,([A-Za-z0-9+/=]+)$/.exec(dataUri);
  if (!match) throw new Error(`not an image data URI: ${dataUri.slice(0, 40)}…`);
  const bytes = Buffer.from(match[2]!, 'base64');
  return match[1] === 'png' ? decodePng(bytes) : decodeJpeg(bytes);
}
