import { useState } from 'react';
import { SegmentedControl, Stack, Tabs, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import './email-preview.css';

type Props = {
  subject: string;
  html: string;
  text: string;
  /** Prefix of the test ids (`<id>`, `<id>-subject`, `<id>-text`). */
  testId: string;
  /** Offers a phone-width view (360 px) beside the full width. */
  widths?: boolean;
};

/**
 * An email as the server rendered it: its subject, the HTML part in a frame without any permission
 * (nothing in it can run, navigate or reach the app) and the plain-text part. The template editor's
 * preview and a campaign's review both show the one renderer's output through it.
 */
export function EmailPreview({ subject, html, text, testId, widths = false }: Props) {
  const { t } = useTranslation('common');
  const [width, setWidth] = useState<'full' | 'phone'>('full');
  return (
    <Stack gap="xs">
      <Text size="sm">
        <strong>{t('emailPreview.subject')}</strong> <span data-testid={`${testId}-subject`}>{subject}</span>
      </Text>
      <Tabs defaultValue="html">
        <Tabs.List>
          <Tabs.Tab value="html">{t('emailPreview.html')}</Tabs.Tab>
          <Tabs.Tab value="text">{t('emailPreview.text')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="html" pt="xs">
          <Stack gap="xs">
            {widths ? (
              <SegmentedControl
                size="xs"
                value={width}
                onChange={(v) => setWidth(v === 'phone' ? 'phone' : 'full')}
                data={[
                  { value: 'full', label: t('emailPreview.full') },
                  { value: 'phone', label: t('emailPreview.phone') },
                ]}
                aria-label={t('emailPreview.width')}
                style={{ alignSelf: 'flex-start' }}
              />
            ) : null}
            <iframe
              sandbox=""
              srcDoc={html}
              title={t('emailPreview.frame')}
              className="email-preview"
              data-width={width}
              data-testid={testId}
            />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="text" pt="xs">
          <pre className="email-preview-text" data-testid={`${testId}-text`}>
            {text}
          </pre>
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
