import { isbot } from 'isbot';

/** Mail providers' image proxies fetch the open pixel when their user opens the message: a person's open. */
const MAIL_IMAGE_PROXY = /GoogleImageProxy|YahooMailProxy/i;

/**
 * Whether a request to a tracking link is a machine's, left out of the figures. Mail security
 * gateways and link scanners fetch a message's links as it arrives (often with HEAD, or with no
 * User-Agent), and chat apps and crawlers fetch a pasted link for its preview: counted, they would
 * report interest nobody showed. The agents are recognised by `isbot` (a maintained list of
 * crawlers, scanners, previewers and HTTP libraries). A machine still gets its answer (the
 * redirect, the pixel).
 */
export function isAutomatedRequest(method: string, userAgent: string | undefined): boolean {
  if (method !== 'GET') return true;
  const agent = userAgent?.trim() ?? '';
  if (agent === '') return true;
  return !MAIL_IMAGE_PROXY.test(agent) && isbot(agent);
}
