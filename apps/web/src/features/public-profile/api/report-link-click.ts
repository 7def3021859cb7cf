import { buildHeaders } from '@/lib/http';

/**
 * `POST /api/public/link/{alias}/{profileId}/click`: counts a click on one of the profile's links.
 * Sent with `keepalive` so that it survives the navigation it accompanies, never awaited and never
 * reported to the visitor (sendBeacon cannot carry the CSRF header the API asks anonymous browsers for).
 */
export function reportLinkClick(alias: string, profileId: string, url: string): void {
  try {
    void fetch(`/api/public/link/${encodeURIComponent(alias)}/${encodeURIComponent(profileId)}/click`, {
      method: 'POST',
      headers: buildHeaders(true),
      body: JSON.stringify({ url }),
      credentials: 'same-origin',
      keepalive: true,
    }).catch(() => undefined);
  } catch {
    // Counting is best effort: a click must never be stopped by it.
  }
}
