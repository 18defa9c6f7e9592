import sharp, { type Metadata } from 'sharp';
import { PHOTO_WIDTHS, type PhotoFormat } from '../../domain/photo-paths.js';
import { PhotoSourceError } from './fetch-source.js';
import { sniffImageFormat } from './sniff.js';

export interface ImageLimits {
  maxSide: number;
  maxPixels: number;
}

// The disk holds every size rehber makes; libvips' own operation cache would only hold memory.
sharp.cache(false);

const MASTER_WIDTH = PHOTO_WIDTHS[PHOTO_WIDTHS.length - 1];

/**
 * The checked source as rehber keeps it: the bytes must be a raster image by their own signature,
 * of sane dimensions (read from the header, before any decoding), decodable; turned upright by its
 * EXIF orientation, its metadata dropped, no wider than the largest width served; every size is
 * made from it. A high-quality JPEG (many times faster to encode than WebP), or WebP when the
 * source has transparency.
 */
export async function makeMaster(bytes: Buffer, limits: ImageLimits): Promise<Buffer> {
  const format = sniffImageFormat(bytes);
  if (!format) throw new PhotoSourceError('not an image (JPEG, PNG, GIF, WebP or AVIF)');
  const input = () => sharp(bytes, { limitInputPixels: limits.maxPixels, failOn: 'error', animated: false });
  let meta: Metadata;
  try {
    // The header only (no decoding), without the pixel limit, so an oversized source is named as such.
    meta = await sharp(bytes, { limitInputPixels: false, failOn: 'error', animated: false }).metadata();
  } catch {
    throw new PhotoSourceError(`unreadable ${format}`);
  }
  const { width = 0, height = 0 } = meta;
  if (width <= 0 || height <= 0) throw new PhotoSourceError(`${format} without dimensions`);
  if (width > limits.maxSide || height > limits.maxSide || width * height > limits.maxPixels) {
    throw new PhotoSourceError(`${width}×${height} is over the size limit`);
  }
  try {
    const resized = input()
      .rotate()
      .resize({ width: MASTER_WIDTH, height: MASTER_WIDTH * 2, fit: 'inside', withoutEnlargement: true });
    return await (meta.hasAlpha ? resized.webp({ quality: 90, effort: 1 }) : resized.jpeg({ quality: 92, chromaSubsampling: '4:4:4' })).toBuffer();
  } catch {
    throw new PhotoSourceError(`unreadable ${format}`);
  }
}

/** One served size: at most `width` wide (never enlarged, never taller than twice the width). */
export async function renderSize(master: Buffer, width: number, format: PhotoFormat): Promise<Buffer> {
  const resized = sharp(master).resize({ width, height: width * 2, fit: 'inside', withoutEnlargement: true });
  return format === 'webp'
    ? resized.webp({ quality: 78, effort: 4 }).toBuffer()
    : resized.flatten({ background: '#ffffff' }).jpeg({ quality: 80, progressive: true, mozjpeg: true }).toBuffer();
}
