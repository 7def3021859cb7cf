import type { Locale, MergeValues } from '@enlaza/contracts';
import { escapeHtml } from '../../lib/html.js';
import { renderMergeFields } from '../../platform/merge-fields.js';
import { htmlToPlainText } from '../../platform/rich-text.js';

export type TemplateContent = { subject: string; bodyHtml: string; bodyText: string };
export type RenderedTemplate = { subject: string; html: string; text: string };

/**
 * A template as one recipient gets it: the subject and the text part with the values as they are,
 * the HTML body with the values escaped, inside a plain email document. The one renderer of
 * templates (the preview, the test send, campaigns): what the preview shows is what is sent.
 */
export function renderTemplate(template: TemplateContent, values: MergeValues, locale: Locale): RenderedTemplate {
  const subject = renderMergeFields(template.subject, values, 'text');
  const body = renderMergeFields(template.bodyHtml, values, 'html');
  const html = `<!doctype html><html lang="${locale === 'jp' ? 'ja' : locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;background:#f1f3f5;font-family:system-ui,-apple-system,'Segoe UI',sans-serif;color:#212529">
  <div style="max-width:600px;margin:0 auto;padding:24px">
    <div style="background:#ffffff;border-radius:8px;padding:28px;line-height:1.5">
${body}
    </div>
  </div>
</body></html>`;
  // The text part from the merged body, nothing changing case (as campaigns do: campaigns/links.ts).
  return { subject, html, text: htmlToPlainText(body) };
}
