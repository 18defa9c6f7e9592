import * as Dialog from '@radix-ui/react-dialog';
import * as RadioGroup from '@radix-ui/react-radio-group';
import * as Select from '@radix-ui/react-select';
import { Check, ChevronDown, Download, Info, Loader2, X } from 'lucide-react';
import { useState } from 'react';
import type { CountryStat } from '@domain/types';
import type { ExportFormat } from '@domain/constants';
import { openExport } from '../api/export-businesses';
import { buttonClass } from '@/components/ui/button';

const ALL = '__all__';

const FORMATS: { value: ExportFormat; label: string }[] = [
  { value: 'xlsx', label: 'XLSX (Excel) - Recommended' },
  { value: 'csv', label: 'CSV (Comma Separated)' },
];

export interface ExportDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Country stats, loaded by the caller only while the dialog is open. */
  stats: CountryStat[] | undefined;
  loading: boolean;
}

/** The export dialog. Export opens the download in a new tab and closes the dialog. */
export function ExportDialog({ open, onOpenChange, stats, loading }: ExportDialogProps) {
  const [country, setCountry] = useState<string | undefined>(undefined);
  const [format, setFormat] = useState<ExportFormat>('xlsx');
  const total = stats?.reduce((sum, s) => sum + s.count, 0) ?? 0;

  const close = (next: boolean) => {
    onOpenChange(next);
    if (!next) setCountry(undefined);
  };
  const submit = () => {
    if (!country) return;
    openExport({ country: country === ALL ? undefined : country, format });
    close(false);
  };

  return (
    <Dialog.Root open={open} onOpenChange={close}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 max-h-[90vh] w-[95vw] max-w-lg overflow-y-auto -translate-x-1/2 -translate-y-1/2 rounded-lg bg-white p-6 shadow-xl focus:outline-none">
          <Dialog.Title className="text-lg font-semibold">Export Businesses</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-gray-600">Choose the countries and the file format to download.</Dialog.Description>
          <Dialog.Close className="absolute right-4 top-4 opacity-70 hover:opacity-100" aria-label="Close">
            <X className="h-4 w-4" />
          </Dialog.Close>

          <div className="mt-5 space-y-5">
            <div>
              <span className="text-sm font-medium" id="export-country-label">
                Country
              </span>
              {loading ? (
                <div className="mt-2 flex items-center gap-2 text-sm text-gray-500" role="status">
                  <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> Loading countries...
                </div>
              ) : (
                <Select.Root value={country} onValueChange={setCountry}>
                  <Select.Trigger
                    aria-labelledby="export-country-label"
                    className="mt-1 flex w-full items-center justify-between rounded-md border border-gray-300 px-3 py-2 text-sm"
                  >
                    <Select.Value placeholder="Select a country" />
                    <Select.Icon>
                      <ChevronDown className="h-4 w-4" />
                    </Select.Icon>
                  </Select.Trigger>
                  <Select.Portal>
                    <Select.Content position="popper" sideOffset={4} className="z-50 max-h-72 w-[var(--radix-select-trigger-width)] overflow-hidden rounded-md border border-gray-200 bg-white shadow-lg">
                      <Select.Viewport className="p-1">
                        <CountryItem value={ALL} label={`All Countries (${total.toLocaleString()})`} />
                        {stats?.map((s) => <CountryItem key={s.country} value={s.country} label={`${s.country} (${s.count.toLocaleString()})`} />)}
                      </Select.Viewport>
                    </Select.Content>
                  </Select.Portal>
                </Select.Root>
              )}
            </div>

            <fieldset>
              <legend className="text-sm font-medium">Format</legend>
              <RadioGroup.Root value={format} onValueChange={(v) => setFormat(v as ExportFormat)} className="mt-2 space-y-2" aria-label="Format">
                {FORMATS.map((f) => (
                  <label key={f.value} className="flex cursor-pointer items-center gap-2 text-sm">
                    <RadioGroup.Item value={f.value} className="flex h-4 w-4 items-center justify-center rounded-full border border-gray-400 data-[state=checked]:border-blue-600">
                      <RadioGroup.Indicator className="h-2 w-2 rounded-full bg-blue-600" />
                    </RadioGroup.Item>
                    {f.label}
                  </label>
                ))}
              </RadioGroup.Root>
            </fieldset>

            <div className="flex gap-3 rounded-md bg-blue-50 p-3 text-sm text-blue-900">
              <Info className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
              <div>
                <p className="font-medium">The export includes:</p>
                <ul className="mt-1 list-disc pl-5">
                  <li>Business name and address</li>
                  <li>Business and city page URLs on this site</li>
                  <li>Contact information (phone, email, website)</li>
                  <li>Country and category</li>
                </ul>
              </div>
            </div>
          </div>

          <div className="mt-6 flex justify-end gap-2">
            <Dialog.Close className={buttonClass('secondary')}>Cancel</Dialog.Close>
            <button
              type="button"
              onClick={submit}
              disabled={!country}
              className={buttonClass('primary')}
            >
              <Download className="h-4 w-4" aria-hidden="true" /> Export {format.toUpperCase()}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function CountryItem({ value, label }: { value: string; label: string }) {
  return (
    <Select.Item value={value} className="relative flex cursor-pointer select-none items-center rounded px-7 py-1.5 text-sm outline-none data-[highlighted]:bg-blue-50">
      <Select.ItemIndicator className="absolute left-2">
        <Check className="h-4 w-4" />
      </Select.ItemIndicator>
      <Select.ItemText>{label}</Select.ItemText>
    </Select.Item>
  );
}
