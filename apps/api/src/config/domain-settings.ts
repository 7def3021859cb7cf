import { z } from 'zod';
import { optionalString } from './env-values.js';

/** Owners' own domains: the DNS their records are read through, what they include and point to (part of the API's settings, config.ts). */
export const domainEnv = {
  /**
   * The DNS servers owners' own domains (sending domains, custom domains) are checked with (`host` or `host:port`,
   * comma-separated; IPv6 in brackets); empty: the system's resolvers.
   */
  DNS_SERVERS: optionalString.pipe(
    z
      .string()
      .regex(
        /^\s*(\[[0-9a-fA-F:]+\]|[0-9.]+)(:\d{1,5})?(\s*,\s*(\[[0-9a-fA-F:]+\]|[0-9.]+)(:\d{1,5})?)*\s*$/,
        'IP addresses with an optional :port, comma-separated',
      )
      .optional(),
  ),
  /** The host owners' custom domains point their CNAME at (where your proxy answers them); empty: PUBLIC_URL's host. */
  CUSTOM_DOMAIN_TARGET: optionalString.pipe(
    z
      .string()
      .toLowerCase()
      .regex(/^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, 'a host name such as cards.example.com')
      .optional(),
  ),
  /** The SPF record owners' sending domains include (`include:<this>`); empty: `_spf.` + MAIL_FROM's domain. */
  SENDING_SPF_INCLUDE: optionalString.pipe(
    z
      .string()
      .toLowerCase()
      .regex(/^(?=.{1,253}$)([a-z0-9_]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, 'a domain name such as _spf.example.com')
      .optional(),
  ),
};

/** Owners' own domains in the API's settings (config.ts). */
export type DomainsConfig = {
  /** The DNS servers owners' own domains are checked with (DNS_SERVERS; empty: the system's). */
  dnsServers: string[];
  /** Owners' sending domains: the SPF record they include (SENDING_SPF_INCLUDE). */
  sendingDomains: { spfInclude: string };
  /** Owners' custom domains: the host their CNAME points to (CUSTOM_DOMAIN_TARGET, else PUBLIC_URL's host). */
  customDomains: { cnameTarget: string };
};

type DomainValues = {
  DNS_SERVERS?: string | undefined;
  CUSTOM_DOMAIN_TARGET?: string | undefined;
  SENDING_SPF_INCLUDE?: string | undefined;
  PUBLIC_URL?: string | undefined;
  PORT: number;
  MAIL_FROM: string;
};

export function domainsOf(e: DomainValues): DomainsConfig {
  return {
    dnsServers: e.DNS_SERVERS ? e.DNS_SERVERS.split(',').map((server) => server.trim()) : [],
    customDomains: {
      cnameTarget: e.CUSTOM_DOMAIN_TARGET ?? new URL(e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).hostname.toLowerCase(),
    },
    sendingDomains: {
      spfInclude: e.SENDING_SPF_INCLUDE ?? `_spf.${(/@([^>\s]+)>?\s*$/.exec(e.MAIL_FROM)?.[1] ?? 'enlaza.local').toLowerCase()}`,
    },
  };
}
