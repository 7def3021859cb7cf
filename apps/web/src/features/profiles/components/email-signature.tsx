import { useState } from 'react';
import { Alert, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { EmailSignature } from '@enlaza/contracts';
import { useLocale } from '@/components/use-locale';
import { apiErrorMessage } from '@/lib/api-error-message';
import { useEmailSignature } from '../api/get-email-signature';
import { Icon } from './icons';
import { HowToSteps, ViewPanel } from './view-panel';

/** The mail clients whose signature settings the steps walk through. */
const CLIENTS = ['gmail', 'outlook', 'appleMail'] as const;
const STEPS = 3;

/**
 * Copies the signature as a mail client's signature box takes it: formatted (HTML, and plain text
 * beside it for a box that takes only text), or the HTML source. Answers whether it was copied.
 */
async function copySignature(signature: EmailSignature, as: 'formatted' | 'html'): Promise<boolean> {
  try {
    if (as === 'formatted' && typeof ClipboardItem !== 'undefined' && navigator.clipboard.write) {
      await navigator.clipboard.write([
        new ClipboardItem({
          'text/html': new Blob([signature.html], { type: 'text/html' }),
          'text/plain': new Blob([signature.text], { type: 'text/plain' }),
        }),
      ]);
    } else {
      await navigator.clipboard.writeText(signature.html);
    }
    return true;
  } catch {
    return false;
  }
}

/** The signature drawn on a white page, as a message shows it. */
const previewDocument = (signature: EmailSignature) =>
  `<!doctype html><html><head><meta charset="utf-8"><style>body{margin:16px;background:#fff}</style></head><body>${signature.html}</body></html>`;

/** A card's email signature: its preview, "copy" buttons, and how to add it in Gmail, Outlook and Apple Mail. */
export function EmailSignaturePanel({ profileId, version }: { profileId: string; version: string }) {
  const { t } = useTranslation('profiles');
  const locale = useLocale();
  const query = useEmailSignature(profileId, version, locale);
  const [copied, setCopied] = useState<'formatted' | 'html' | 'failed' | null>(null);
  const signature = query.data;

  const copy = async (as: 'formatted' | 'html') => {
    if (!signature) return;
    setCopied((await copySignature(signature, as)) ? as : 'failed');
  };

  return (
    <ViewPanel id="profile-signature" title={t('view.signature.title')} description={t('view.signature.body')} testId="profile-signature">
      {query.isError ? (
        <Alert color="red" role="alert" mt="sm">
          <Group gap="sm">
            <Text size="sm">{apiErrorMessage(query.error, t)}</Text>
            <Button size="xs" variant="light" onClick={() => void query.refetch()}>
              {t('retry')}
            </Button>
          </Group>
        </Alert>
      ) : !signature ? (
        <Skeleton height={120} mt="sm" aria-label={t('loading')} />
      ) : (
        <Stack gap="sm" mt="sm">
          {signature.cardUrl === null ? (
            <Alert color="gray" data-testid="signature-private">
              {t('view.signature.private')}
            </Alert>
          ) : null}
          {/* No script may run in it; of the page's origin, so the browser draws it also while it is off screen. */}
          <iframe
            title={t('view.signature.previewTitle')}
            sandbox="allow-same-origin"
            srcDoc={previewDocument(signature)}
            className="signature-preview"
            data-testid="signature-preview"
          />
          <Group gap="xs">
            <Button
              leftSection={<Icon name="copy" />}
              variant={copied === 'formatted' ? 'light' : 'filled'}
              color={copied === 'formatted' ? 'teal' : undefined}
              onClick={() => void copy('formatted')}
              data-testid="signature-copy"
            >
              {copied === 'formatted' ? t('view.signature.copied') : t('view.signature.copy')}
            </Button>
            <Button
              variant={copied === 'html' ? 'light' : 'default'}
              color={copied === 'html' ? 'teal' : undefined}
              onClick={() => void copy('html')}
              data-testid="signature-copy-html"
            >
              {copied === 'html' ? t('view.signature.copied') : t('view.signature.copyHtml')}
            </Button>
          </Group>
          <div aria-live="polite">
            {copied === 'failed' ? (
              <Alert color="red" data-testid="signature-copy-failed">
                {t('view.signature.copyFailed')}
              </Alert>
            ) : null}
          </div>
          <HowToSteps
            apps={CLIENTS.map((client) => ({
              value: client,
              name: t(`view.signature.clients.${client}.name`),
              steps: Array.from({ length: STEPS }, (_, step) => t(`view.signature.clients.${client}.step${step + 1}`)),
            }))}
            testId="signature-steps"
          />
        </Stack>
      )}
    </ViewPanel>
  );
}
