import { describe, expect, it } from 'vitest';
import { createLinkSigner, renderCampaignEmail } from '../../src/modules/campaigns/links.js';
import { prepareEmail, renderTemplate } from '../../src/modules/templates/render.js';
import { templateContent } from '../../src/modules/templates/service.js';

const signer = createLinkSigner('a-secret-of-the-test', 'https://enlaza.example');
const recipient = { id: '0b7e6c1e-8f0a-4c3e-9d55-2f1a4b6c8d90', email: 'maria@ejemplo.es', name: 'María José' };
const bodyHtml =
  '<h2>Hola {{nombre}}</h2><p>Mira <a href="https://example.org/otoño">las Novedades</a>, {{nombre}}.</p><h3>Tu enlace: {{perfil_url}}</h3>';

describe('the plain-text part', () => {
  it('of a campaign email is made from the merged HTML, changing the case of nothing', () => {
    // Rendered from the HTML alone: a stored text part (older conversions upper-cased headings, and
    // the merge fields in them) is never read.
    const email = renderCampaignEmail(prepareEmail({ subject: 'Hola {{nombre}}', bodyHtml }, 'es'), recipient, {
      signer,
      profileUrl: 'https://enlaza.example/link/ana/p1',
      locale: 'es',
    });
    expect(email.text).toContain('Hola María José');
    expect(email.text).toContain('Mira las Novedades [https://example.org/otoño], María José.');
    expect(email.text).toContain('Tu enlace: https://enlaza.example/link/ana/p1');
    expect(email.text).not.toMatch(/HOLA|NOVEDADES|MARÍA|\{\{/);
    // The links of the text part are the ones written (the HTML's become click redirects), and the footer follows once.
    expect(email.html).toContain('/api/campaigns/t/c/');
    expect(email.text).not.toContain('/api/campaigns/t/c/');
    expect(email.text.match(/Darse de baja: /g)).toHaveLength(1);
    expect(email.text.endsWith(email.unsubscribeUrl)).toBe(true);
  });

  it('of a template keeps its merge fields as written, and its preview and test send merge them', () => {
    const content = templateContent({ subject: 'Hola {{nombre}}', bodyHtml });
    expect(content.bodyText).toContain('Hola {{nombre}}');
    expect(content.bodyText).not.toContain('{{NOMBRE}}');
    const rendered = renderTemplate(
      content,
      { nombre: 'Ana', email: 'ana@example.com', perfil_url: 'https://enlaza.example/link/ana', baja_url: 'https://enlaza.example/u/x' },
      'es',
    );
    expect(rendered.text).toContain('Hola Ana');
    expect(rendered.text).toContain('Mira las Novedades [https://example.org/otoño], Ana.');
  });
});
