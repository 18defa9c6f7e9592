import { LocateFixed, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { icon } from '@/components/ui/icon';
import { buttonClass } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { nearParam } from '@domain/nearby';
import { TOAST_DURATION_MS } from '@domain/constants';

/** How long the browser may take to find the visitor before we say it is unavailable. */
const LOCATE_TIMEOUT_MS = 15_000;

const DENIED = { title: 'Location access is off', description: 'Allow this site to use your location in your browser, or type a city or postal code.' };
const UNAVAILABLE = { title: 'Your location is unavailable', description: 'Your browser could not tell where you are. Type a city or postal code instead.' };

type Message = { title: string; description: string };

/**
 * "Near me": the browser is asked for the visitor's location only when this is pressed, never
 * before; then the search goes to the businesses nearest it (with the words typed, if any). A
 * refusal or a failure says so in a toast and leaves the page as it was. The toast is drawn here:
 * the admin's Radix toasts are kept out of the public pages' scripts.
 */
export function NearMeButton({ query }: { query: string }) {
  const navigate = useNavigate();
  const [locating, setLocating] = useState(false);
  // Server-rendered, it does nothing until the page's script runs: disabled until then.
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  const [message, setMessage] = useState<Message | null>(null);
  useEffect(() => {
    if (!message) return;
    const hide = setTimeout(() => setMessage(null), TOAST_DURATION_MS);
    return () => clearTimeout(hide);
  }, [message]);
  const fail = (m: Message) => {
    setLocating(false);
    setMessage(m);
  };
  const locate = () => {
    if (!('geolocation' in navigator)) return fail(UNAVAILABLE);
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        setLocating(false);
        const words = paths.search(query.trim());
        navigate(`${words}${words.includes('?') ? '&' : '?'}near=${nearParam({ lat: coords.latitude, lng: coords.longitude })}`);
      },
      (err) => fail(err.code === err.PERMISSION_DENIED ? DENIED : UNAVAILABLE),
      { timeout: LOCATE_TIMEOUT_MS, maximumAge: 60_000 },
    );
  };
  return (
    <>
      <button type="button" onClick={locate} disabled={!ready || locating} aria-busy={locating} className={buttonClass('secondary')}>
        {icon(LocateFixed, 'h-4 w-4')}
        {locating ? 'Locating…' : 'Near me'}
      </button>
      <div role="status" aria-live="polite" className="fixed bottom-4 right-4 z-50 w-[calc(100%-2rem)] max-w-sm">
        {message && (
          <div data-testid="toast" className="relative rounded-lg border border-red-700 bg-red-600 p-4 pr-8 text-white shadow-lg">
            <p className="text-sm font-semibold">{message.title}</p>
            <p className="text-sm opacity-90">{message.description}</p>
            <button type="button" onClick={() => setMessage(null)} aria-label="Close" className="absolute right-2 top-2 rounded p-1 hover:bg-red-700">
              {icon(X, 'h-4 w-4')}
            </button>
          </div>
        )}
      </div>
    </>
  );
}
