import { describe, expect, it } from 'vitest';
import { registroEventoXml, type EventFields } from '../../src/modules/invoices/verifactu/event-xml.js';

/**
 * The chain verification's event (03 of the NO VERI*FACTU log) says it checked the records'
 * signatures only when it did: `S` with their count, else `N` with no count — never a fixed flag.
 */
const fields: EventFields = {
  system: {
    producerName: 'Enlaza Demo S.L.',
    producerTaxId: 'B00000000',
    name: 'Enlaza',
    id: 'EZ',
    version: '1.0.0',
    installationNumber: 'B00000000-1',
    onlyVerifactu: false,
  },
  obligado: { name: 'Enlaza Demo S.L.', taxId: 'B00000000' },
  eventType: '03',
  generatedAt: '2026-11-26T10:00:00+01:00',
  previous: null,
};
const run = (signaturesChecked: number) =>
  registroEventoXml(fields, { kind: 'anomaly_run', hashesChecked: 3, signaturesChecked, chainChecked: 3, datesChecked: 0 }, 'AB');

describe('the chain verification’s event and the records’ signatures', () => {
  it('says S with the count when signatures were verified, N with no count when none was', () => {
    const checked = run(2);
    expect(checked).toContain(
      '<sf:RealizadoProcesoSobreIntegridadFirmasRegFacturacion>S</sf:RealizadoProcesoSobreIntegridadFirmasRegFacturacion>',
    );
    expect(checked).toContain(
      '<sf:NumeroDeRegistrosFacturacionProcesadosSobreIntegridadFirmas>2</sf:NumeroDeRegistrosFacturacionProcesadosSobreIntegridadFirmas>',
    );
    const none = run(0);
    expect(none).toContain(
      '<sf:RealizadoProcesoSobreIntegridadFirmasRegFacturacion>N</sf:RealizadoProcesoSobreIntegridadFirmasRegFacturacion>',
    );
    expect(none).not.toContain('ProcesadosSobreIntegridadFirmas');
  });
});
