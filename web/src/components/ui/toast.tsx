import * as ToastPrimitive from '@radix-ui/react-toast';
import { X } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { TOAST_DURATION_MS, TOAST_LIMIT } from '@domain/constants';
import { apiMessage } from '@/lib/api';

/** Notifications: at most one visible, 5 s, variants default and destructive. */
export interface ToastInput {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
  action?: { label: string; onClick: () => void };
}

interface ToastItem extends ToastInput {
  id: number;
  open: boolean;
}

let items: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

export function toast(input: ToastInput): void {
  items = [{ ...input, id: nextId++, open: true }, ...items].slice(0, TOAST_LIMIT);
  emit();
}

/** A failed call's toast: `title`, and the API's message or "Please try again". For `onError`. */
export const failedToast = (title: string) => (err: unknown) => toast({ title, description: apiMessage(err) ?? 'Please try again', variant: 'destructive' });

function dismiss(id: number): void {
  items = items.filter((t) => t.id !== id);
  emit();
}

function useToasts(): ToastItem[] {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => items,
  );
}

export function Toaster() {
  const toasts = useToasts();
  return (
    <ToastPrimitive.Provider duration={TOAST_DURATION_MS}>
      {toasts.map((t) => (
        <ToastPrimitive.Root
          key={t.id}
          data-testid="toast"
          data-variant={t.variant ?? 'default'}
          onOpenChange={(open) => !open && dismiss(t.id)}
          className={`pointer-events-auto relative flex w-full items-start gap-3 rounded-lg border p-4 pr-8 shadow-lg ${
            t.variant === 'destructive' ? 'border-red-700 bg-red-600 text-white' : 'border-gray-200 bg-white text-gray-900'
          }`}
        >
          <div className="grid gap-1">
            <ToastPrimitive.Title className="text-sm font-semibold">{t.title}</ToastPrimitive.Title>
            {t.description && <ToastPrimitive.Description className="text-sm opacity-90">{t.description}</ToastPrimitive.Description>}
          </div>
          {t.action && (
            <ToastPrimitive.Action altText={t.action.label} onClick={t.action.onClick} className="rounded border px-2 py-1 text-sm">
              {t.action.label}
            </ToastPrimitive.Action>
          )}
          <ToastPrimitive.Close aria-label="Close" className="absolute right-2 top-2 opacity-70 hover:opacity-100">
            <X className="h-4 w-4" />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      <ToastPrimitive.Viewport className="fixed bottom-0 right-0 z-[100] flex max-h-screen w-full flex-col gap-2 p-4 sm:max-w-[420px]" />
    </ToastPrimitive.Provider>
  );
}
