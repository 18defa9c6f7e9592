/**
 * Text encoding of a CSV: a BOM says it outright; otherwise mostly valid UTF-8 is
 * UTF-8, and anything else is a legacy single-byte file, Windows-1254 when Turkish letters show up, else
 * Windows-1252. `--encoding` overrides all of it.
 */
import iconv from 'iconv-lite';
import type { Transform } from 'node:stream';
import { InputError } from '../../domain/errors.js';

/** How much of the file is looked at to decide. */
export const ENCODING_SAMPLE_BYTES = 4 * 1024 * 1024;

export interface DetectedEncoding {
  /** An iconv-lite name: 'utf-8', 'utf-16le', 'utf-16be', 'windows-1254', 'windows-1252'. */
  encoding: string;
  /** Bytes of byte-order mark at the start of the file, skipped before decoding. */
  bomLength: number;
}

// Ğ İ Ş ğ ı ş in Windows-1254: bytes that in Windows-1252 are rare letters (Ð Ý Þ ð ý þ).
const TURKISH_BYTES = new Set([0xd0, 0xdd, 0xde, 0xf0, 0xfd, 0xfe]);

export function bomOf(head: Buffer): DetectedEncoding | null {
  if (head.length >= 3 && head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return { encoding: 'utf-8', bomLength: 3 };
  if (head.length >= 2 && head[0] === 0xff && head[1] === 0xfe) return { encoding: 'utf-16le', bomLength: 2 };
  if (head.length >= 2 && head[0] === 0xfe && head[1] === 0xff) return { encoding: 'utf-16be', bomLength: 2 };
  return null;
}

/**
 * Valid multi-byte UTF-8 sequences and bytes that belong to none, over the whole sample. A sample
 * that ends in the middle of a character does not count that character as invalid.
 */
export function utf8Statistics(sample: Buffer): { valid: number; invalid: number } {
  let valid = 0;
  let invalid = 0;
  for (let i = 0; i < sample.length; ) {
    const b = sample[i];
    if (b < 0x80) {
      i++;
      continue;
    }
    const length = b >= 0xc2 && b <= 0xdf ? 2 : b >= 0xe0 && b <= 0xef ? 3 : b >= 0xf0 && b <= 0xf4 ? 4 : 0;
    if (length === 0) {
      invalid++;
      i++;
      continue;
    }
    if (i + length > sample.length) break;
    // The second byte's range also rules out overlong forms, surrogates and code points past
    // U+10FFFF, which the decoder turns into U+FFFD like any other invalid byte.
    const second = sample[i + 1];
    const low = b === 0xe0 ? 0xa0 : b === 0xf0 ? 0x90 : 0x80;
    const high = b === 0xed ? 0x9f : b === 0xf4 ? 0x8f : 0xbf;
    let ok = second >= low && second <= high;
    for (let k = 2; k < length; k++) if ((sample[i + k] & 0xc0) !== 0x80) ok = false;
    if (ok) {
      valid++;
      i += length;
    } else {
      invalid++;
      i++;
    }
  }
  return { valid, invalid };
}

/**
 * The encoding the sample's statistics point to. A file whose valid UTF-8 characters outnumber its
 * stray bytes is UTF-8 with a few damaged rows (reported row by row by the reader), not a legacy
 * file: one bad byte must not turn every accented name into mojibake. A legacy file's accents are
 * lone high bytes, invalid as UTF-8, so they outnumber the few pairs that happen to look valid.
 */
export function detectEncoding(sample: Buffer): DetectedEncoding {
  const bom = bomOf(sample);
  if (bom) return bom;
  const { valid, invalid } = utf8Statistics(sample);
  if (invalid === 0 || valid > invalid) return { encoding: 'utf-8', bomLength: 0 };
  for (const byte of sample) if (TURKISH_BYTES.has(byte)) return { encoding: 'windows-1254', bomLength: 0 };
  return { encoding: 'windows-1252', bomLength: 0 };
}

/** The encoding named by the user, checked; the BOM is still skipped when it matches. */
export function chosenEncoding(name: string, head: Buffer): DetectedEncoding {
  if (!iconv.encodingExists(name)) throw new InputError(`Unknown encoding: ${name}`, 400);
  const bom = bomOf(head);
  const canonical = name.toLowerCase().replace(/[^a-z0-9]/g, '');
  const bomMatches = bom !== null && bom.encoding.replace(/-/g, '') === canonical.replace(/^utf16$/, 'utf16le');
  return { encoding: name, bomLength: bomMatches ? bom.bomLength : 0 };
}

/** A streaming decoder: characters split across chunks come out whole. */
export function decoder(encoding: string): Transform {
  // The BOM is skipped by byte offset before this, so a second one would be content: keep it.
  return iconv.decodeStream(encoding, { stripBOM: false }) as unknown as Transform;
}
