import { readFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';

/** SOAP 1.1 envelope around a request body (the sfLR:RegFactuSistemaFacturacion element). */
export function soapEnvelope(body: string): string {
  const element = body.replace(/^\s*<\?xml[^>]*\?>\s*/, '');
  return `<?xml version="1.0" encoding="UTF-8"?><soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/"><soapenv:Header/><soapenv:Body>${element}</soapenv:Body></soapenv:Envelope>`;
}

export type Certificate = { file: string; password: string };
export type PostAnswer = { status: number; body: string };
export type SoapPost = (xml: string) => Promise<PostAnswer>;

/** Not the AEAT's answer: the network failed, or the service answered 5xx. The job retries. */
export class TransportError extends Error {
  override name = 'TransportError';
}

/**
 * POSTs envelopes to the AEAT over HTTPS with the client certificate (mutual TLS: the AEAT knows
 * the sender by it). Plain http only to 127.0.0.1 (the tests' stand-in; the setting refuses any
 * other http URL). A request that takes longer than `timeoutMs` is abandoned as a network error.
 */
export function createSoapPost(endpoint: string, certificate: Certificate | null, timeoutMs: number): SoapPost {
  const url = new URL(endpoint);
  const local = url.protocol === 'http:' && url.hostname === '127.0.0.1';
  if (!local && url.protocol !== 'https:') throw new Error(`VERIFACTU_ENDPOINT must be https: ${endpoint}`);
  // Read once (jobs.ts builds this at the first send): a file that cannot be read fails that run, which is retried and logged.
  const tls = !local && certificate ? { pfx: readFileSync(certificate.file), passphrase: certificate.password } : {};
  return (xml) =>
    new Promise<PostAnswer>((resolve, reject) => {
      const payload = Buffer.from(xml, 'utf8');
      const options = {
        method: 'POST',
        headers: { 'content-type': 'text/xml; charset=utf-8', 'content-length': payload.length, soapaction: '""' },
        timeout: timeoutMs,
      };
      const request = local ? http.request(url, options) : https.request(url, { ...options, ...tls });
      request.on('response', (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', (error) => reject(new TransportError(`reading the AEAT's answer: ${error.message}`)));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      });
      request.on('timeout', () => request.destroy(new Error(`no answer within ${timeoutMs} ms`)));
      request.on('error', (error) => reject(new TransportError(`sending to the AEAT: ${error.message}`)));
      request.end(payload);
    });
}
