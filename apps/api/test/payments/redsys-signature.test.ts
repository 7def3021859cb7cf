import { describe, expect, it } from 'vitest';
import { createRedsysAPI, SANDBOX_URLS } from 'redsys-easy';
import { redsysSignature, signaturesMatch } from '../helpers/redsys-stand-in.js';
import { redsysResponseStatus, savedCard } from '../../src/modules/payments/providers/redsys-protocol.js';

/**
 * The stand-in's own HMAC_SHA256_V1 (written with node:crypto, not redsys-easy) checked first
 * against published examples, then against redsys-easy, so a stand-in that verifies our requests
 * proves the app signs as Redsys expects.
 *
 * Sources of the vectors:
 * - Redsys' public test merchant 999008881 (terminal 1) has the published secret key
 *   `sq7HjrUOBfKmC576ILgskD5srU870gJ7` (Redsys' "tarjetas y entornos de prueba" page). The redirect
 *   request of order `0726qI3H7sZx` and the notification Redsys' test environment (sis-t) sent for it
 *   on 22/10/2021 (base64url signature, as Redsys signs notifications) are recorded in redsys-easy's
 *   repository, test/fixtures/rest/redirect.ts (github.com/javiertury/redsys-easy).
 * - The example of Redsys' HMAC SHA-256 integration guide with the key `Mk9m98IfEblmPfrpsawt7BmxObt98Jev`
 *   (order 1446068581, 1.45 €, response 0000), as recorded in redsys-easy's
 *   test/fixtures/rest/json-response.ts.
 */

const TEST_MERCHANT_KEY = 'sq7HjrUOBfKmC576ILgskD5srU870gJ7';
const REDIRECT_REQUEST =
  'eyJEU19NRVJDSEFOVF9UUkFOU0FDVElPTlRZUEUiOiIwIiwiRFNfTUVSQ0hBTlRfT1JERVIiOiIwNzI2cUkzSDdzWngiLCJEU19NRVJDSEFOVF9NRVJDSEFOVENPREUiOiI5OTkwMDg4ODEiLCJEU19NRVJDSEFOVF9URVJNSU5BTCI6IjEiLCJEU19NRVJDSEFOVF9BTU9VTlQiOiI0OTk5IiwiRFNfTUVSQ0hBTlRfQ1VSUkVOQ1kiOiI5NzgiLCJEU19NRVJDSEFOVF9NRVJDSEFOVFVSTCI6Imh0dHA6Ly93d3cucHJ1ZWJhLmNvbS91cmxOb3RpZmljYWNpb24ucGhwIiwiRFNfTUVSQ0hBTlRfVVJMT0siOiJodHRwOi8vd3d3LnBydWViYS5jb20vdXJsT0sucGhwIiwiRFNfTUVSQ0hBTlRfVVJMS08iOiJodHRwOi8vd3d3LnBydWViYS5jb20vdXJsS08ucGhwIn0=';
const SIS_T_NOTIFICATION =
  'eyJEc19EYXRlIjoiMjIlMkYxMCUyRjIwMjEiLCJEc19Ib3VyIjoiMjIlM0E1MSIsIkRzX1NlY3VyZVBheW1lbnQiOiIxIiwiRHNfQ2FyZF9OdW1iZXIiOiI0NTQ4ODEqKioqKiowMDA0IiwiRHNfQ2FyZF9Db3VudHJ5IjoiNzI0IiwiRHNfQW1vdW50IjoiNDk5OSIsIkRzX0N1cnJlbmN5IjoiOTc4IiwiRHNfT3JkZXIiOiIwNzI2cUkzSDdzWngiLCJEc19NZXJjaGFudENvZGUiOiI5OTkwMDg4ODEiLCJEc19UZXJtaW5hbCI6IjAwMSIsIkRzX1Jlc3BvbnNlIjoiMDAwMCIsIkRzX01lcmNoYW50RGF0YSI6IiIsIkRzX1RyYW5zYWN0aW9uVHlwZSI6IjAiLCJEc19Db25zdW1lckxhbmd1YWdlIjoiMSIsIkRzX0F1dGhvcmlzYXRpb25Db2RlIjoiMDUyMDI5IiwiRHNfQ2FyZF9CcmFuZCI6IjEiLCJEc19Qcm9jZXNzZWRQYXlNZXRob2QiOiIxIn0=';
const GUIDE_KEY = 'Mk9m98IfEblmPfrpsawt7BmxObt98Jev';
const GUIDE_RESPONSE =
  'eyJEc19BbW91bnQiOiIxNDUiLCJEc19DdXJyZW5jeSI6Ijk3OCIsIkRzX09yZGVyIjoiMTQ0NjA2ODU4MSIsIkRzX01lcmNoYW50Q29kZSI6Ijk5OTAwODg4MSIsIkRzX1Rlcm1pbmFsIjoiMSIsIkRzX1Jlc3BvbnNlIjoiMDAwMCIsIkRzX0F1dGhvcmlzYXRpb25Db2RlIjoiNTAxNjAyIiwiRHNfVHJhbnNhY3Rpb25UeXBlIjoiMCIsIkRzX1NlY3VyZVBheW1lbnQiOiIwIiwiRHNfTGFuZ3VhZ2UiOiIxIiwiRHNfQ2FyZE51bWJlciI6IjQ1NDg4MSoqKioqKioqMDQiLCJEc19NZXJjaGFudERhdGEiOiIiLCJEc19DYXJkX0NvdW50cnkiOiI3MjQiLCJEc19DYXJkX0JyYW5kIjoiMSJ9';

describe('HMAC_SHA256_V1, written independently in the stand-in', () => {
  it("gives the published example's signatures", () => {
    // The request of the public test merchant 999008881.
    expect(redsysSignature(TEST_MERCHANT_KEY, '0726qI3H7sZx', REDIRECT_REQUEST)).toBe('TyW+LIa2GZnhCPLM7JSPwbQn4ZjOvMO/KiIf4yJgwo8=');
    // The notification sis-t signed for it: base64url, the same bytes.
    expect(
      signaturesMatch(
        redsysSignature(TEST_MERCHANT_KEY, '0726qI3H7sZx', SIS_T_NOTIFICATION),
        '52nPyUkyDws__OfMqDka_yN-arxzulELZC1TYTvvR0s=',
      ),
    ).toBe(true);
    // The integration guide's example.
    expect(redsysSignature(GUIDE_KEY, '1446068581', GUIDE_RESPONSE)).toBe('IoGNijSDZGbk+qChH2iqRCg6jZVl3Ee6Ha/WBM4wgto=');
  });

  it('refuses a signature of other parameters, another order or another key', () => {
    const good = redsysSignature(TEST_MERCHANT_KEY, '0726qI3H7sZx', REDIRECT_REQUEST);
    expect(signaturesMatch(redsysSignature(TEST_MERCHANT_KEY, '0726qI3H7sZy', REDIRECT_REQUEST), good)).toBe(false);
    expect(signaturesMatch(redsysSignature(GUIDE_KEY, '0726qI3H7sZx', REDIRECT_REQUEST), good)).toBe(false);
    expect(signaturesMatch(redsysSignature(TEST_MERCHANT_KEY, '0726qI3H7sZx', GUIDE_RESPONSE), good)).toBe(false);
    expect(signaturesMatch('', good)).toBe(false);
  });

  it('agrees with redsys-easy, which the app signs with', () => {
    const api = createRedsysAPI({ secretKey: TEST_MERCHANT_KEY, urls: SANDBOX_URLS });
    const form = api.createRedirectForm({
      DS_MERCHANT_MERCHANTCODE: '999008881',
      DS_MERCHANT_TERMINAL: '1',
      DS_MERCHANT_ORDER: '1234AbCdEfGh',
      DS_MERCHANT_TRANSACTIONTYPE: '7',
      DS_MERCHANT_AMOUNT: '0',
      DS_MERCHANT_CURRENCY: '978',
      DS_MERCHANT_IDENTIFIER: 'REQUIRED',
    });
    expect(form.body.Ds_Signature).toBe(redsysSignature(TEST_MERCHANT_KEY, '1234AbCdEfGh', form.body.Ds_MerchantParameters));
    // And it accepts the notification sis-t signed, refusing it with one byte changed.
    expect(
      api.processRedirectNotification({
        Ds_SignatureVersion: 'HMAC_SHA256_V1',
        Ds_MerchantParameters: SIS_T_NOTIFICATION,
        Ds_Signature: '52nPyUkyDws__OfMqDka_yN-arxzulELZC1TYTvvR0s=',
      }),
    ).toMatchObject({ Ds_Order: '0726qI3H7sZx', Ds_Response: '0000', Ds_Card_Number: '454881******0004' });
    expect(() =>
      api.processRedirectNotification({
        Ds_SignatureVersion: 'HMAC_SHA256_V1',
        Ds_MerchantParameters: SIS_T_NOTIFICATION,
        Ds_Signature: '52nQyUkyDws__OfMqDka_yN-arxzulELZC1TYTvvR0s=',
      }),
    ).toThrow();
  });
});

describe('what Redsys answers means', () => {
  it('maps Ds_Response to our states and reasons', () => {
    expect(redsysResponseStatus('0000')).toEqual({ status: 'succeeded' });
    expect(redsysResponseStatus('0099')).toEqual({ status: 'succeeded' });
    expect(redsysResponseStatus('0900')).toEqual({ status: 'succeeded' });
    expect(redsysResponseStatus('0195')).toEqual({ status: 'requires_action' });
    expect(redsysResponseStatus('0116')).toEqual({ status: 'failed', reason: 'insufficient_funds' });
    expect(redsysResponseStatus('0184')).toEqual({ status: 'failed', reason: 'authentication_failed' });
    expect(redsysResponseStatus('0190')).toEqual({ status: 'failed', reason: 'card_declined' });
    expect(redsysResponseStatus('9915')).toEqual({ status: 'failed', reason: 'processing_error' });
    expect(redsysResponseStatus(undefined)).toEqual({ status: 'failed', reason: 'processing_error' });
  });

  it('reads a saved card: token, masked number, brand, expiry YYMM', () => {
    expect(
      savedCard(
        {
          Ds_Order: '1',
          Ds_Merchant_Identifier: 'tok',
          Ds_Merchant_Cof_Txnid: 'tx1',
          Ds_Card_Number: '454881******0004',
          Ds_Card_Brand: '1',
          Ds_ExpiryDate: '3012',
        },
        'Ana',
      ),
    ).toEqual({
      method: { kind: 'card', ref: 'tok', brand: 'visa', last4: '0004', expMonth: 12, expYear: 2030, holder: 'Ana' },
      cofTxnId: 'tx1',
    });
    expect(savedCard({ Ds_Order: '1' }, 'Ana')).toBeNull();
  });
});
