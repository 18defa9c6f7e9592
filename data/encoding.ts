/**
 * Text encoding of a CSV (CONTRACT §4): a BOM says it outright; otherwise valid UTF-8 is UTF-8, and
 * anything else is a legacy single-byte file, Windows-1254 when Turkish letters show up, else
 * Windows-1252. `--encoding` overrides all of it.
 */
import iconv from 'iconv-lite';
import type { Transform } from 'node:stream';
import { InputError } from './errors.js';

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

/** Valid UTF-8, allowing the sample to end in the middle of a character. */
export function isUtf8(sample: Buffer): boolean {
  try {
    // stream: true keeps an incomplete last character pending instead of calling it invalid.
    new TextDecoder('utf-8', { fatal: true }).decode(sample, { stream: true });
    return true;
  } catch {
    return false;
  }
}

export function detectEncoding(sample: Buffer): DetectedEncoding {
  const bom = bomOf(sample);
  if (bom) return bom;
  if (isUtf8(sample)) return { encoding: 'utf-8', bomLength: 0 };
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
