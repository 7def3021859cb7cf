import { useEffect, useState } from 'react';
import { detectCountryOnce } from './country-lookup';

export type Detection = { status: 'idle' | 'pending' } | { status: 'found'; country: string } | { status: 'failed' };

/** Guesses the visitor's country from their IP address, only when `enabled`. */
export function useDetectedCountry(enabled: boolean): Detection {
  const [detection, setDetection] = useState<Detection>({ status: 'idle' });
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    detectCountryOnce().then(
      (country) => live && setDetection({ status: 'found', country }),
      () => live && setDetection({ status: 'failed' }),
    );
    return () => {
      live = false;
    };
  }, [enabled]);
  return enabled && detection.status === 'idle' ? { status: 'pending' } : detection;
}
