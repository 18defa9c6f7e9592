import { Loader2, Lock } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { LOGIN_REDIRECT_DELAY_MS } from '@domain/constants';
import { toast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { useLogin } from '@/features/auth/api/login';
import { buttonClass } from '@/components/ui/button';
import { cardClass } from '@/components/ui/card';

/** The admin sign-in, then /admin (or the protected page that asked) after 0.5 s. */
export default function AdminLoginRoute() {
  const navigate = useNavigate();
  const location = useLocation();
  // Back to the protected page that sent the admin here; only a path of this site.
  const from = (location.state as { from?: unknown } | null)?.from;
  const target = typeof from === 'string' && from.startsWith('/admin') && !from.startsWith('//') ? from : paths.admin.dashboard;
  const login = useLogin();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    login.mutate(
      { username, password },
      {
        onSuccess: () => {
          toast({ title: 'Login Successful', description: 'Redirecting to admin panel...' });
          timer.current = setTimeout(() => navigate(target, { replace: true }), LOGIN_REDIRECT_DELAY_MS);
        },
        onError: () => toast({ title: 'Login Failed', description: 'Invalid credentials', variant: 'destructive' }),
      },
    );
  };

  const field = 'mt-1 block w-full rounded-md border border-gray-300 px-3 py-2 focus:border-blue-500 focus:outline-none focus:ring-1 focus:ring-blue-500';
  return (
    <main className="flex min-h-screen items-center justify-center bg-gray-50 p-4">
      <form onSubmit={submit} className={cardClass('w-full max-w-sm space-y-4 p-8')}>
        <div className="text-center">
          <Lock className="mx-auto h-8 w-8 text-blue-600" aria-hidden="true" />
          <h1 className="mt-2 text-2xl font-bold">Admin Login</h1>
          <p className="text-sm text-gray-600">Sign in to manage the directory</p>
        </div>
        <label className="block text-sm font-medium">
          Username
          <input name="username" autoComplete="username" required value={username} onChange={(e) => setUsername(e.target.value)} className={field} />
        </label>
        <label className="block text-sm font-medium">
          Password
          <input
            name="password"
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            className={field}
          />
        </label>
        <button
          type="submit"
          disabled={login.isPending}
          className={buttonClass('primary', 'w-full')}
        >
          {login.isPending && <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />}
          {login.isPending ? 'Signing in...' : 'Sign In'}
        </button>
      </form>
    </main>
  );
}
