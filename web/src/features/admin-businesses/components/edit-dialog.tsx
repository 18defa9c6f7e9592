import * as Dialog from '@radix-ui/react-dialog';
import { Loader2, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { buttonClass } from '@/components/ui/button';
import { failedToast, toast } from '@/components/ui/toast';
import { useAdminBusiness, useEditBusiness } from '../api/manage';

// The form's fields, in the order an admin reads a listing; keys are the import's file headers.
// A yes/no field is a checkbox: a typed "ture" would be refused, but an admin should never have to type it.
const FIELDS: { key: string; label: string; long?: boolean; yesNo?: boolean }[] = [
  { key: 'name', label: 'Name' },
  { key: 'category', label: 'Category' },
  { key: 'phone', label: 'Phone' },
  { key: 'email', label: 'Email' },
  { key: 'website', label: 'Website' },
  { key: 'full_address', label: 'Full address' },
  { key: 'district', label: 'District' },
  { key: 'city', label: 'City' },
  { key: 'state', label: 'State' },
  { key: 'postal_code', label: 'Postal code' },
  { key: 'country', label: 'Country' },
  { key: 'rating', label: 'Rating' },
  { key: 'reviews', label: 'Reviews' },
  { key: 'is_verified', label: 'Verified', yesNo: true },
  { key: 'working_hours', label: 'Working hours', long: true },
  { key: 'services', label: 'Services (comma separated)', long: true },
  { key: 'about', label: 'About', long: true },
  { key: 'description', label: 'Description', long: true },
  { key: 'photo', label: 'Photo URL' },
  { key: 'location_link', label: 'Map link' },
  { key: 'latitude', label: 'Latitude' },
  { key: 'longitude', label: 'Longitude' },
  { key: 'place_id', label: 'Place id' },
];

/**
 * Editing one business: every field of the listing, checked by the same rules as an import (the
 * server answers the reason, shown in a toast), and its slug, kept unless the admin changes it
 * (the old link then redirects). An emptied field is cleared.
 */
export function EditDialog({ id, onClose }: { id: number | null; onClose: () => void }) {
  const business = useAdminBusiness(id);
  const save = useEditBusiness();
  const [fields, setFields] = useState<Record<string, string>>({});
  const [slug, setSlug] = useState('');
  useEffect(() => {
    if (business.data) {
      setFields(business.data.fields);
      setSlug(business.data.slug);
    }
  }, [business.data]);

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (id === null) return;
    save.mutate(
      { id, fields, slug },
      {
        onSuccess: () => {
          toast({ title: 'Business saved', description: fields.name });
          onClose();
        },
        onError: failedToast('Not saved'),
      },
    );
  };

  return (
    <Dialog.Root open={id !== null} onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 max-h-[90vh] w-[95vw] max-w-2xl -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg bg-white p-6 shadow-xl focus:outline-none">
          <Dialog.Title className="text-lg font-semibold">Edit business</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-gray-600">Changes show on the public site as soon as they are saved.</Dialog.Description>
          <Dialog.Close className="absolute right-4 top-4 opacity-70 hover:opacity-100" aria-label="Close">
            <X className="h-4 w-4" />
          </Dialog.Close>
          {business.isPending ? (
            <Loader2 className="mt-6 h-5 w-5 animate-spin text-gray-400" aria-label="Loading" />
          ) : (
            <form className="mt-4 grid gap-3 sm:grid-cols-2" onSubmit={submit}>
              <label className="text-sm sm:col-span-2">
                <span className="font-medium">Slug (the page address)</span>
                <input className="mt-1 w-full rounded border px-2 py-1" value={slug} onChange={(e) => setSlug(e.target.value)} />
              </label>
              {FIELDS.map(({ key, label, long, yesNo }) =>
                yesNo ? (
                  <label key={key} className="flex items-center gap-2 self-end text-sm">
                    <input
                      type="checkbox"
                      // The server sends the stored flag as 'true' or 'false' (the column is never empty).
                      checked={fields[key] === 'true'}
                      onChange={(e) => setFields({ ...fields, [key]: String(e.target.checked) })}
                    />
                    <span className="font-medium">{label}</span>
                  </label>
                ) : (
                  <label key={key} className={`text-sm ${long ? 'sm:col-span-2' : ''}`}>
                    <span className="font-medium">{label}</span>
                    {long ? (
                      <textarea
                        className="mt-1 w-full rounded border px-2 py-1"
                        rows={3}
                        value={fields[key] ?? ''}
                        onChange={(e) => setFields({ ...fields, [key]: e.target.value })}
                      />
                    ) : (
                      <input className="mt-1 w-full rounded border px-2 py-1" value={fields[key] ?? ''} onChange={(e) => setFields({ ...fields, [key]: e.target.value })} />
                    )}
                  </label>
                ),
              )}
              <div className="flex justify-end gap-2 sm:col-span-2">
                <button type="button" className={buttonClass('secondary')} onClick={onClose}>
                  Cancel
                </button>
                <button type="submit" className={buttonClass('primary')} disabled={save.isPending}>
                  {save.isPending && <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />} Save
                </button>
              </div>
            </form>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
