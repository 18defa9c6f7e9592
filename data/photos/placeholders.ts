import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PHOTO_FAMILIES } from '../../domain/photo-family.js';

/** The drawings live in data/photos/placeholders/; the build in dist/data/ reads them from there. */
const DIR = [new URL('./placeholders/', import.meta.url), new URL('../../../data/photos/placeholders/', import.meta.url)]
  .map((u) => fileURLToPath(u))
  .find((dir) => fs.existsSync(dir));

/** The bundled SVG of a family by its file name ('food.svg'); null for any other name. */
export function placeholderFile(name: string): string | null {
  const family = name.endsWith('.svg') ? name.slice(0, -4) : '';
  if (!DIR || !(PHOTO_FAMILIES as readonly string[]).includes(family)) return null;
  return `${DIR}${family}.svg`;
}
