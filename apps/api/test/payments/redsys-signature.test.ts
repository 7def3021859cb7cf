import { describe, expect, it } from 'vitest';
import { createRedsysAPI, SANDBOX_URLS } from 'redsys-easy';
import { redsysSignature, signaturesMatch } from '../helpers/redsys-stand-in.js';
import { redsysResponseStatus, savedCard } from '../../src/modules/payments/providers/redsys-protocol.js';
import { readRedsysQueryAnswer, readRedsysQueryMessages, redsysQueryMessage } from '../../src/modules/payments/providers/redsys-query.js';

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
 * - The query service's "Transaction (simple)" example in Redsys' document "TPV-Virtual Consulta SOAP"
 *   (RS.TE.CEL.MAN.0021, version 1.4, section 3.3.1): the refund (type 3) of order 5799L of the test
 *   merchant 999008881, terminal 1, asked about and answered, each signed with the test merchant's key.
 *   The document prints the messages indented; both signatures are of the `<Version>` element without
 *   whitespace between the tags, as its section 3.4.1 asks (the PDF is kept in the public repository
 *   codibit/redsys-query-php).
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

describe("the query service's signature: HMAC_SHA256_V1 of the <Version> element", () => {
  const QUERY_VERSION =
    '<Version Ds_Version="0.0"><Message><Transaction><Ds_MerchantCode>999008881</Ds_MerchantCode><Ds_Terminal>1</Ds_Terminal>' +
    '<Ds_Order>5799L</Ds_Order><Ds_TransactionType>3</Ds_TransactionType></Transaction></Message></Version>';
  const ANSWER_VERSION =
    '<Version Ds_Version="0.0"><Message><Response><Ds_MerchantCode>999008881</Ds_MerchantCode><Ds_Terminal>1</Ds_Terminal>' +
    '<Ds_Order>5799L</Ds_Order><Ds_TransactionType>3</Ds_TransactionType><Ds_Date>2018-03-01</Ds_Date><Ds_Hour>15:08:53</Ds_Hour>' +
    '<Ds_Amount>145</Ds_Amount><Ds_Currency>978</Ds_Currency><Ds_CardNumber>454881******0003</Ds_CardNumber><Ds_CardType>C</Ds_CardType>' +
    '<Ds_SecurePayment>0</Ds_SecurePayment><Ds_State>F</Ds_State><Ds_Response>0900</Ds_Response></Response></Message></Version>';
  const ANSWER = `<Messages>${ANSWER_VERSION}<Signature>fYqgaz+Cd/w/hpHZ1w/aAHxxaNh72kwABMhd+CkDD1Y=</Signature></Messages>`;
  const merchant = { merchantCode: '999008881', terminal: '1', secretKey: TEST_MERCHANT_KEY };

  it("signs our query as the document's example, as the stand-in computes it", () => {
    expect(redsysQueryMessage(merchant, '5799L', '3')).toBe(
      `<Messages>${QUERY_VERSION}<Signature>1KoxTgTakbTprzJ2N/e9JJ8yw/C3QzeNafbUMCNGSFM=</Signature>` +
        '<SignatureVersion>HMAC_SHA256_V1</SignatureVersion></Messages>',
    );
    expect(redsysSignature(TEST_MERCHANT_KEY, '5799L', QUERY_VERSION)).toBe('1KoxTgTakbTprzJ2N/e9JJ8yw/C3QzeNafbUMCNGSFM=');
    expect(redsysSignature(TEST_MERCHANT_KEY, '5799L', ANSWER_VERSION)).toBe('fYqgaz+Cd/w/hpHZ1w/aAHxxaNh72kwABMhd+CkDD1Y=');
  });

  it("believes the document's answer, and neither one altered nor one signed with another key", () => {
    const result = { Ds_Order: '5799L', Ds_TransactionType: '3', Ds_Amount: '145', Ds_Response: '0900', Ds_CardNumber: '454881******0003' };
    expect(readRedsysQueryMessages(TEST_MERCHANT_KEY, '5799L', ANSWER)).toEqual({
      found: true,
      final: true,
      state: 'F',
      result,
      operations: [{ state: 'F', result }],
    });
    expect(() => readRedsysQueryMessages(TEST_MERCHANT_KEY, '5799L', ANSWER.replace('0900', '0000'))).toThrow(/does not verify/);
    expect(() => readRedsysQueryMessages(GUIDE_KEY, '5799L', ANSWER)).toThrow(/does not verify/);
    expect(() => readRedsysQueryMessages(TEST_MERCHANT_KEY, '5799L', ANSWER.replace(/<Signature>.*<\/Signature>/, ''))).toThrow(
      /does not verify/,
    );
    // An operation of another order, however well signed, is not this order's.
    const other = ANSWER_VERSION.replaceAll('5799L', '5799M');
    const signedOther = `<Messages>${other}<Signature>${redsysSignature(TEST_MERCHANT_KEY, '5799L', other)}</Signature></Messages>`;
    expect(readRedsysQueryMessages(TEST_MERCHANT_KEY, '5799L', signedOther)).toEqual({ found: false });
  });

  it('reads the error answers (unsigned): "no operations" is not found, any other is an error', () => {
    const error = (code: string) =>
      `<Messages><Version Ds_Version="0.0"><Message><ErrorMsg><Ds_ErrorCode>${code}</Ds_ErrorCode></ErrorMsg></Message></Version></Messages>`;
    expect(readRedsysQueryMessages(TEST_MERCHANT_KEY, '5799L', error('XML0024'))).toEqual({ found: false });
    expect(() => readRedsysQueryMessages(TEST_MERCHANT_KEY, '5799L', error('XML0023'))).toThrow(
      expect.objectContaining({ code: 'XML0023' }),
    );
  });

  it('takes the answer out of the SOAP envelope (the message escaped in consultaOperacionesReturn), and a fault as an error', () => {
    const escaped = ANSWER.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
    const envelope = (body: string) =>
      `<?xml version="1.0" encoding="utf-8"?><soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/"><soapenv:Body>${body}</soapenv:Body></soapenv:Envelope>`;
    const answered = envelope(
      `<ns1:consultaOperacionesResponse xmlns:ns1="http://webservices.apl02.redsys.es"><consultaOperacionesReturn>${escaped}</consultaOperacionesReturn></ns1:consultaOperacionesResponse>`,
    );
    expect(readRedsysQueryAnswer(TEST_MERCHANT_KEY, '5799L', answered)).toMatchObject({
      found: true,
      final: true,
      result: { Ds_Response: '0900' },
    });
    // The message embedded as elements rather than escaped: read as its characters arrived.
    const embedded = answered.replace(escaped, ANSWER);
    expect(readRedsysQueryAnswer(TEST_MERCHANT_KEY, '5799L', embedded)).toMatchObject({ found: true, result: { Ds_Response: '0900' } });
    expect(() => readRedsysQueryAnswer(TEST_MERCHANT_KEY, '5799L', embedded.replace('0900', '0000'))).toThrow(/does not verify/);
    const fault = envelope('<soapenv:Fault><faultcode>soapenv:Server</faultcode><faultstring>busy</faultstring></soapenv:Fault>');
    expect(() => readRedsysQueryAnswer(TEST_MERCHANT_KEY, '5799L', fault)).toThrow(/SOAP fault: busy/);
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
