/**
 * SHA-256 of a short ASCII text, for the contact form's proof of work: a challenge's salt, a
 * colon and a nonce fit one 64-byte block (at most 55 bytes), so this is the one-block case
 * only, synchronous and allocation-free, about ten times faster per hash than awaiting
 * crypto.subtle.digest (which also needs a secure context). The constants are computed, not
 * listed, to keep the page small: the fractional parts of the square roots (initial state) and
 * cube roots (round constants) of the first primes, as FIPS 180-4 defines them.
 */

/** Longest text one block holds: 64 bytes less the 0x80 end mark and the 8-byte length. */
export const ONE_BLOCK_MAX_BYTES = 55;

const TWO_32 = 2 ** 32;
const H0 = new Uint32Array(8);
const K = new Uint32Array(64);
for (let candidate = 2, found = 0; found < 64; candidate++) {
  let prime = true;
  for (let divisor = 2; divisor * divisor <= candidate; divisor++) if (candidate % divisor === 0) prime = false;
  if (!prime) continue;
  if (found < 8) H0[found] = (Math.sqrt(candidate) % 1) * TWO_32;
  K[found] = (Math.cbrt(candidate) % 1) * TWO_32;
  found++;
}

const W = new Uint32Array(64);
const OUT = new Uint32Array(8);

/** The digest's eight big-endian words (the returned array is reused by the next call). */
export function sha256Words(text: string): Uint32Array {
  const length = text.length;
  if (length > ONE_BLOCK_MAX_BYTES) throw new RangeError('one block only');
  W.fill(0, 0, 16);
  for (let index = 0; index < length; index++) W[index >> 2]! |= text.charCodeAt(index) << (24 - (index % 4) * 8);
  W[length >> 2]! |= 0x80 << (24 - (length % 4) * 8);
  W[15] = length * 8;
  for (let index = 16; index < 64; index++) {
    const a = W[index - 15]!;
    const b = W[index - 2]!;
    const s0 = ((a >>> 7) | (a << 25)) ^ ((a >>> 18) | (a << 14)) ^ (a >>> 3);
    const s1 = ((b >>> 17) | (b << 15)) ^ ((b >>> 19) | (b << 13)) ^ (b >>> 10);
    W[index] = W[index - 16]! + s0 + W[index - 7]! + s1;
  }
  // Plain locals (not a destructured typed array, whose iterator costs more than the rounds).
  let a = H0[0]!;
  let b = H0[1]!;
  let c = H0[2]!;
  let d = H0[3]!;
  let e = H0[4]!;
  let f = H0[5]!;
  let g = H0[6]!;
  let h = H0[7]!;
  for (let index = 0; index < 64; index++) {
    const s1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
    const t1 = (h + s1 + ((e & f) ^ (~e & g)) + K[index]! + W[index]!) | 0;
    const s0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
    const t2 = (s0 + ((a & b) ^ (a & c) ^ (b & c))) | 0;
    h = g;
    g = f;
    f = e;
    e = (d + t1) | 0;
    d = c;
    c = b;
    b = a;
    a = (t1 + t2) | 0;
  }
  OUT[0] = H0[0]! + a;
  OUT[1] = H0[1]! + b;
  OUT[2] = H0[2]! + c;
  OUT[3] = H0[3]! + d;
  OUT[4] = H0[4]! + e;
  OUT[5] = H0[5]! + f;
  OUT[6] = H0[6]! + g;
  OUT[7] = H0[7]! + h;
  return OUT;
}

/** Leading zero bits of a digest given as words. */
export function zeroBits(words: Uint32Array): number {
  let bits = 0;
  for (const word of words) {
    if (word !== 0) return bits + Math.clz32(word);
    bits += 32;
  }
  return bits;
}
