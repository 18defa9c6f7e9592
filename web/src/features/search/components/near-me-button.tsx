import { LocateFixed } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { icon } from '@/components/ui/icon';
import { buttonClass } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { nearParam } from '@domain/nearby';

/** How long the browser may take to find the visitor before we say it is unavailable. */
const LOCATE_TIMEOUT_MS = 15_000;

const DENIED = { title: 'Location access is off', description: 'Allow this site to use your location in your browser, or type a city or postal code.' };
const UNAVAILABLE = { title: 'Your location is unavailable', description: 'Your browser could not tell where you are. Type a city or postal code instead.' };

/**
 * "Near me": the browser is asked for the visitor's location only when this is pressed, never
 * before; then the search goes to the businesses nearest it (with the words typed, if any). A
 * refusal or a failure says so in a toast and leaves the page as it was.
 */
export function NearMeButton({ query }: { query: string }) {
  const navigate = useNavigate();
  const [locating, setLocating] = useState(false);
  const fail = (m: { title: string; description: string }) => {
    setLocating(false);
    toast({ ...m, variant: 'destructive' });
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
    <button type="button" onClick={locate} disabled={locating} aria-busy={locating} className={buttonClass('secondary')}>
      {icon(LocateFixed, 'h-4 w-4')}
      {locating ? 'Locating…' : 'Near me'}
    </button>
  );
}
