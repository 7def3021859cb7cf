import { useEffect } from 'react';
import { useLocation } from 'react-router';

/**
 * /link/{alias}/{profileId} is rendered by the server (the card in the HTML, a small script of
 * its own). A link followed inside the app lands here: the browser loads the real page.
 */
export default function ServerPageRedirect() {
  const { pathname, search } = useLocation();
  useEffect(() => window.location.replace(pathname + search), [pathname, search]);
  return null;
}
