import { ArrowLeft } from 'lucide-react';
import { icon } from '@/components/ui/icon';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { buttonClass } from '@/components/ui/button';

/** 'X Not Found' with a Go Back button (error states). */
export function NotFoundMessage({ title, text }: { title: string; text?: string }) {
  const navigate = useNavigate();
  return (
    <div className="mx-auto max-w-xl py-16 text-center" data-not-found="">
      <h1 className="text-2xl font-bold text-gray-900">{title}</h1>
      {text && <p className="mt-2 text-gray-700">{text}</p>}
      <GoBackButton className="mt-6" onClick={() => navigate(-1)} />
    </div>
  );
}

export function GoBackButton({ onClick, className = '' }: { onClick: () => void; className?: string }) {
  return (
    <button type="button" onClick={onClick} className={buttonClass('secondary', className)}>
      {icon(ArrowLeft, 'h-4 w-4')}
      Go Back
    </button>
  );
}

export function EmptyMessage({ children }: { children: ReactNode }) {
  return <p className="rounded-lg border border-dashed border-gray-300 bg-white p-8 text-center text-gray-700" data-empty="">{children}</p>;
}

export function ErrorMessage({ children = 'Something went wrong while loading. Please try again later.' }: { children?: ReactNode }) {
  return <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-center text-red-800">{children}</p>;
}
