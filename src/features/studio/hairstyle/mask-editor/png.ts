/**
 * A minimal PNG encoder for the mask: 8-bit greyscale, opaque, no interlacing. The image data
 * is compressed by the platform's own zlib (CompressionStream 'deflate' produces exactly the
 * zlib stream a PNG's IDAT holds), so the encoder is only the file's framing: signature, chunks
 * and their CRCs. Greyscale keeps the upload a quarter of an RGBA canvas export's raw size.
 */

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** IHDR fields: 8 bits per sample, colour type 0 (greyscale). */
const BIT_DEPTH = 8;
const COLOUR_TYPE_GREY = 0;
/** PNG filter type 0 (None) before each row. */
const FILTER_NONE = 0;

let crcTable: Uint32Array | undefined;

/** CRC-32 (ISO 3309, the polynomial PNG uses) of `bytes`. */
export function crc32(bytes: Uint8Array): number {
  if (!crcTable) {
    crcTable = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      crcTable[n] = c >>> 0;
    }
  }
  let c = 0xffffffff;
  for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

export const canEncodePng = (): boolean => typeof CompressionStream === 'function';

async function deflate(bytes: Uint8Array<ArrayBuffer>): Promise<Uint8Array<ArrayBuffer>> {
  const stream = new CompressionStream('deflate');
  const writer = stream.writable.getWriter();
  // Written while being read: the stream would stall with both sides waiting otherwise.
  const written = writer.write(bytes).then(() => writer.close());
  const parts: Uint8Array[] = [];
  let length = 0;
  const reader = stream.readable.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
    length += value.length;
  }
  await written;
  const out = new Uint8Array(length);
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

function chunk(type: string, data: Uint8Array): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

/** Encodes `pixels` (one grey level per pixel, row by row) as a PNG file. */
export async function encodeGreyPng(pixels: Uint8Array | Uint8ClampedArray, width: number, height: number): Promise<Uint8Array<ArrayBuffer>> {
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1 || pixels.length !== width * height) {
    throw new RangeError(`PNG size ${width}x${height} does not match ${pixels.length} pixels`);
  }
  const raw = new Uint8Array((width + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width + 1);
    raw[row] = FILTER_NONE;
    raw.set(pixels.subarray(y * width, (y + 1) * width), row + 1);
  }
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  header[8] = BIT_DEPTH;
  header[9] = COLOUR_TYPE_GREY;
  // Bytes 10-12: compression 0 (deflate), filter method 0, no interlace.
  const parts = [new Uint8Array(SIGNATURE), chunk('IHDR', header), chunk('IDAT', await deflate(raw)), chunk('IEND', new Uint8Array(0))];
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}
