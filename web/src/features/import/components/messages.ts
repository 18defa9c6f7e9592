/** The import screen's strings of SPEC §8, in one place. */
import type { ImportResult } from '@data/domain/types';

export const EXPECTED_COLUMNS = [
  'name', 'category', 'phone', 'full_address', 'postal_code', 'country', 'rating', 'reviews', 'photo', 'working_hours', 'about', 'place_id', 'location_link',
] as const;

export const msg = {
  uploading: (file: File) => ({ title: 'Dosya Yükleniyor', description: `${file.name} (${(file.size / 1024 / 1024).toFixed(2)} MB)` }),
  uploadFailed: (message: string | undefined) => ({
    title: 'Yükleme Hatası',
    description: `Dosya işleme başarısız: ${message ?? 'Bilinmeyen hata'}`,
    variant: 'destructive' as const,
  }),
  noFile: { title: 'Hata', description: 'Önce dosya seçin', variant: 'destructive' as const },
  streamFailed: { title: 'Import Başarısız', description: 'Büyük dosya importu başarısız oldu. Konsolu kontrol edin.', variant: 'destructive' as const },
  streamDone: (r: ImportResult) =>
    r.success
      ? { title: 'Import Başarılı', description: `${r.imported} yeni, ${r.updated} güncellenen, ${r.skipped} atlanan işletme` }
      : { title: 'Import Tamamlandı', description: 'Bazı hatalar oluştu' },
  csvFailed: { title: 'Import Failed', description: 'Failed to import businesses. Check console for details.', variant: 'destructive' as const },
  csvDone: (r: ImportResult) =>
    r.errors.length > 0
      ? { title: 'Import Completed with Errors', description: `${r.errors.length} errors occurred` }
      : { title: 'Import Successful', description: `${r.imported} new businesses added, ${r.skipped} duplicates skipped` },
};
