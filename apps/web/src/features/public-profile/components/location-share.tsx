import { useRef, useState } from 'react';
import { Anchor, Stack, Switch, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import '@mantine/core/styles/Switch.css';

export interface SharedLocation {
  lat: number;
  lng: number;
  accuracy: number | null;
}

type Failure = 'denied' | 'unavailable' | 'unsupported';

const round = (value: number, digits: number) => Number(value.toFixed(digits));

/** What the contract accepts: 5 decimals (about a metre), accuracy in whole metres up to 100 km. */
export function toSharedLocation(coords: Pick<GeolocationCoordinates, 'latitude' | 'longitude' | 'accuracy'>): SharedLocation {
  const accuracy = Number.isFinite(coords.accuracy) ? Math.min(100_000, Math.max(0, Math.round(coords.accuracy))) : null;
  return { lat: round(coords.latitude, 5), lng: round(coords.longitude, 5), accuracy };
}

export function locationMapUrl({ lat, lng }: SharedLocation): string {
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=17/${lat}/${lng}`;
}

/**
 * "Share my location" for a finder writing to a lost tag's owner. The browser's geolocation is asked
 * only when the finder turns it on; what will be sent is shown before sending.
 */
export function LocationShare({ value, onChange, error }: { value: SharedLocation | null; onChange: (next: SharedLocation | null) => void; error?: string }) {
  const { t } = useTranslation('public-profile');
  const [asking, setAsking] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);
  // Only the latest request may answer (the finder may turn it off while the browser asks).
  const request = useRef(0);

  const turnOn = () => {
    setFailure(null);
    if (!('geolocation' in navigator) || !navigator.geolocation) {
      setFailure('unsupported');
      return;
    }
    const id = ++request.current;
    setAsking(true);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        if (id !== request.current) return;
        setAsking(false);
        onChange(toSharedLocation(position.coords));
      },
      (positionError) => {
        if (id !== request.current) return;
        setAsking(false);
        setFailure(positionError.code === positionError.PERMISSION_DENIED ? 'denied' : 'unavailable');
        onChange(null);
      },
      { enableHighAccuracy: true, timeout: 20_000, maximumAge: 60_000 },
    );
  };

  const turnOff = () => {
    request.current += 1;
    setAsking(false);
    setFailure(null);
    onChange(null);
  };

  return (
    <Stack gap={6} data-testid="location-share">
      <Switch
        checked={asking || value !== null}
        onChange={(event) => (event.currentTarget.checked ? turnOn() : turnOff())}
        label={t('location.label')}
        description={t('location.description')}
        error={error}
        data-testid="location-switch"
      />
      <div aria-live="polite">
        {asking ? (
          <Text size="sm" c="dimmed" data-testid="location-asking">
            {t('location.asking')}
          </Text>
        ) : value ? (
          <Text size="sm" data-testid="location-preview">
            {/* Not `lng`: i18next reads that option as the language. */}
            {t('location.willSend', { latitude: value.lat, longitude: value.lng })}
            {value.accuracy !== null ? ` ${t('location.accuracy', { meters: value.accuracy })}` : ''}{' '}
            <Anchor href={locationMapUrl(value)} target="_blank" rel="noopener noreferrer" size="sm">
              {t('location.seeMap')}
            </Anchor>
          </Text>
        ) : failure ? (
          <Text size="sm" c="red" data-testid="location-failure">
            {t(`location.failed.${failure}`)}
          </Text>
        ) : null}
      </div>
    </Stack>
  );
}
