import { describe, expect, it } from 'vitest';
import { parseSubmissionAnswer, SoapFault } from '../../src/modules/invoices/verifactu/answer.js';

// The AEAT's answer is read by namespace, with an XML parser: any prefix (or none), comments,
// CDATA and entities read as XML says; a malformed answer or one of another namespace is refused.
const NS = 'https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws';
const envelope = (body: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><s:Envelope xmlns:s="http://schemas.xmlsoap.org/soap/envelope/"><s:Body>${body}</s:Body></s:Envelope>`;

describe("the AEAT's answer", () => {
  it('reads any prefixes, a default namespace, comments, CDATA and entities', () => {
    const answer = parseSubmissionAnswer(
      envelope(
        `<RespuestaRegFactuSistemaFacturacion xmlns="${NS}/RespuestaSuministro.xsd" xmlns:x="${NS}/SuministroInformacion.xsd">` +
          `<CSV>A-1B2C</CSV><!-- a comment --><TiempoEsperaEnvio>60</TiempoEsperaEnvio><EstadoEnvio>ParcialmenteCorrecto</EstadoEnvio>` +
          `<RespuestaLinea><IDFactura><x:IDEmisorFactura>B12345674</x:IDEmisorFactura><x:NumSerieFactura>F2027-000001</x:NumSerieFactura>` +
          `<x:FechaExpedicionFactura>01-01-2027</x:FechaExpedicionFactura></IDFactura><EstadoRegistro>Incorrecto</EstadoRegistro>` +
          `<CodigoErrorRegistro>1100</CodigoErrorRegistro><DescripcionErrorRegistro><![CDATA[Valor <no> válido]]> &amp; más</DescripcionErrorRegistro></RespuestaLinea>` +
          `<RespuestaLinea><IDFactura><x:IDEmisorFactura>B12345674</x:IDEmisorFactura><x:NumSerieFactura>F2027-000002</x:NumSerieFactura>` +
          `<x:FechaExpedicionFactura>01-01-2027</x:FechaExpedicionFactura></IDFactura><EstadoRegistro>Incorrecto</EstadoRegistro><CodigoErrorRegistro>3000</CodigoErrorRegistro>` +
          `<RegistroDuplicado><x:IdPeticionRegistroDuplicado>1</x:IdPeticionRegistroDuplicado><x:EstadoRegistroDuplicado>Correcta</x:EstadoRegistroDuplicado></RegistroDuplicado></RespuestaLinea>` +
          `</RespuestaRegFactuSistemaFacturacion>`,
      ),
    );
    expect(answer).toMatchObject({ sendState: 'ParcialmenteCorrecto', csv: 'A-1B2C', waitSeconds: 60 });
    expect(answer.lines).toEqual([
      {
        issuerTaxId: 'B12345674',
        number: 'F2027-000001',
        issueDate: '01-01-2027',
        state: 'Incorrecto',
        errorCode: '1100',
        errorDescription: 'Valor <no> válido & más',
        duplicateState: null,
      },
      expect.objectContaining({ number: 'F2027-000002', errorCode: '3000', duplicateState: 'Correcta' }),
    ]);
  });

  it('throws the SOAP fault, and refuses a malformed answer or one in another namespace', () => {
    expect(() =>
      parseSubmissionAnswer(
        envelope('<s:Fault><faultcode>s:Client</faultcode><faultstring>Codigo[4102].XML no cumple</faultstring></s:Fault>'),
      ),
    ).toThrow(SoapFault);
    expect(() => parseSubmissionAnswer(envelope('<RespuestaRegFactuSistemaFacturacion><EstadoEnvio>Correcto'))).toThrow(/well-formed/);
    expect(() =>
      parseSubmissionAnswer(
        envelope(
          '<RespuestaRegFactuSistemaFacturacion xmlns="urn:other"><EstadoEnvio>Correcto</EstadoEnvio></RespuestaRegFactuSistemaFacturacion>',
        ),
      ),
    ).toThrow(/without RespuestaRegFactuSistemaFacturacion/);
  });
});
