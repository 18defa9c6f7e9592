/**
 * The import screen's strings, in one place. The spec's Turkish titles and descriptions are kept
 * word for word; every other string is English. Counts use one word each everywhere on the screen:
 * new, updated, unchanged, rejected (the API's `skipped` is unchanged and rejected together).
 */
import type { ImportResult } from '@domain/types';

export const EXPECTED_COLUMNS = [
  'name', 'category', 'phone', 'full_address', 'postal_code', 'country', 'rating', 'reviews', 'photo', 'working_hours', 'about', 'place_id', 'location_link',
] as const;

/** The API's `skipped` told apart, for results that do not carry the two counts. */
export const unchanged = (r: ImportResult) => r.unchanged ?? r.skipped - r.errors.length;
export const rejected = (r: ImportResult) => r.rejected ?? r.errors.length;

export const msg = {
  uploading: (file: File) => ({ title: 'Dosya Yükleniyor', description: `${file.name} (${(file.size / 1024 / 1024).toFixed(2)} MB)` }),
  uploadFailed: (message: string | undefined) => ({
    title: 'Yükleme Hatası',
    description: `Dosya işleme başarısız: ${message ?? 'Bilinmeyen hata'}`,
    variant: 'destructive' as const,
  }),
  noFile: { title: 'Hata', description: 'Önce dosya seçin', variant: 'destructive' as const },
  alreadyImported: { title: 'Already imported', description: 'This upload was imported already. Choose the file again to import it again.', variant: 'destructive' as const },
  previewFailed: (message: string | undefined) => ({ title: 'Preview failed', description: message ?? 'Choose the file again', variant: 'destructive' as const }),
  previewAgain: (message: string | undefined) => ({ title: 'Not imported', description: `${message ?? 'The preview no longer holds'}. Here is a new preview.`, variant: 'destructive' as const }),
  streamFailed: { title: 'Import Başarısız', description: 'Büyük dosya importu başarısız oldu. Konsolu kontrol edin.', variant: 'destructive' as const },
  streamDone: (r: ImportResult) =>
    r.success
      ? { title: 'Import Başarılı', description: `${r.imported} new, ${r.updated} updated, ${unchanged(r)} unchanged, ${rejected(r)} rejected businesses` }
      : { title: 'Import Tamamlandı', description: 'Bazı hatalar oluştu' },
};
