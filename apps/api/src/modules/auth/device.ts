import type { SessionDevice } from '@enlaza/contracts';
import { UAParser } from 'ua-parser-js';

/** Systems that only run on computers: a User-Agent naming one without a device type is a desktop. */
const DESKTOP_SYSTEMS = new Set(['Windows', 'Mac OS', 'macOS', 'Linux', 'Ubuntu', 'Debian', 'Fedora', 'Chromium OS', 'FreeBSD']);
/** macOS has reported 10.15.7 in the User-Agent since 2020 whatever the real version: the number says nothing. */
const SYSTEMS_WITHOUT_VERSION = new Set(['Mac OS', 'macOS', 'Linux']);
const SYSTEM_NAMES: Record<string, string> = { 'Mac OS': 'macOS', 'Chromium OS': 'ChromeOS' };

/**
 * The browser and system of a session from the User-Agent it signed in with (ua-parser-js 1.x,
 * MIT; 2.x is AGPL and is not used). Only names and major versions: enough to recognise one's own
 * phone or laptop in Opciones, nothing that locates anyone.
 */
export function deviceOf(userAgent: string | null): SessionDevice {
  if (!userAgent) return { browser: null, os: null, type: 'other' };
  const { browser, os, device } = new UAParser(userAgent).getResult();
  const browserName = browser.name ? [browser.name, browser.major].filter(Boolean).join(' ') : null;
  const systemName = os.name ? (SYSTEM_NAMES[os.name] ?? os.name) : null;
  const systemVersion = os.name && !SYSTEMS_WITHOUT_VERSION.has(os.name) ? os.version : undefined;
  const type =
    device.type === 'mobile' || device.type === 'tablet'
      ? device.type
      : !device.type && os.name && DESKTOP_SYSTEMS.has(os.name)
        ? 'desktop'
        : 'other';
  return { browser: browserName, os: systemName ? [systemName, systemVersion].filter(Boolean).join(' ') : null, type };
}
