import type { ButtonHTMLAttributes } from 'react';

/**
 * The one set of button looks. `primary` is the call to action, `secondary` a bordered neutral
 * button, `subtle` a small bordered one for toolbars and pagers, `danger` a small one for what
 * cannot be taken back (delete). A link or a Radix trigger that needs the look takes buttonClass().
 */
export type ButtonVariant = 'primary' | 'secondary' | 'subtle' | 'danger';

const BASE = 'inline-flex items-center justify-center gap-2 rounded-md text-sm font-medium disabled:cursor-not-allowed disabled:opacity-50';
const VARIANTS: Record<ButtonVariant, string> = {
  primary:
    'bg-blue-700 px-4 py-2 text-white hover:bg-blue-800 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700',
  secondary: 'border border-gray-300 bg-white px-4 py-2 text-gray-800 hover:bg-gray-50',
  subtle: 'border border-gray-300 bg-white px-3 py-1.5 hover:bg-gray-50',
  danger: 'border border-red-300 bg-white px-3 py-1.5 text-red-800 hover:bg-red-50',
};

export const buttonClass = (variant: ButtonVariant = 'primary', extra = ''): string => `${BASE} ${VARIANTS[variant]}${extra ? ` ${extra}` : ''}`;

export function Button({ variant = 'primary', className = '', type = 'button', ...props }: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: ButtonVariant }) {
  return <button type={type} className={buttonClass(variant, className)} {...props} />;
}
