import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { buttonClass } from './button';

/**
 * Asks before something drastic. Modal: while it is open nothing else on the page can be pressed,
 * so one confirmation is open at a time and it confirms exactly what its title names. The caller
 * keeps what it asks about in its own state and acts on that, never on what is selected later.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: string;
  children?: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && onCancel()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content
          role="alertdialog"
          className="fixed left-1/2 top-1/2 z-50 max-h-[90vh] w-[95vw] max-w-md overflow-y-auto -translate-x-1/2 -translate-y-1/2 rounded-lg bg-white p-6 shadow-xl focus:outline-none"
        >
          <Dialog.Title className="text-lg font-semibold">{title}</Dialog.Title>
          <Dialog.Description asChild>
            <div className="mt-2 text-sm text-gray-600">{children}</div>
          </Dialog.Description>
          <div className="mt-6 flex justify-end gap-2">
            <Dialog.Close className={buttonClass('secondary')}>Cancel</Dialog.Close>
            <button type="button" className={buttonClass('danger', 'px-4 py-2')} onClick={onConfirm}>
              {confirmLabel}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** The names a confirmation lists: all of a few, or the first ones and how many more. */
export function NameList({ names, max = 8 }: { names: string[]; max?: number }) {
  const shown = names.length > max ? names.slice(0, max - 1) : names;
  return (
    <ul className="mt-2 list-disc pl-5" aria-label="Businesses named">
      {shown.map((n, i) => (
        <li key={i}>{n}</li>
      ))}
      {shown.length < names.length && <li>and {names.length - shown.length} more</li>}
    </ul>
  );
}
