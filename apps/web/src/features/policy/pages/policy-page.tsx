import { Anchor, Box, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '@/components/use-page-title';

interface PolicySection {
  id: string;
  title: string;
  paragraphs: string[];
}

function isSection(value: unknown): value is PolicySection {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.id === 'string' &&
    typeof v.title === 'string' &&
    Array.isArray(v.paragraphs) &&
    v.paragraphs.every((p) => typeof p === 'string')
  );
}

/** The sections of one part ("privacy" or "terms") as translated. */
function useSections(part: 'privacy' | 'terms'): PolicySection[] {
  const { t } = useTranslation('policy');
  const value: unknown = t(`${part}.sections`, { returnObjects: true });
  return Array.isArray(value) ? value.filter(isSection) : [];
}

/** /politica: the privacy policy and the terms of use, with a table of contents. Public. */
export default function PolicyPage() {
  const { t } = useTranslation('policy');
  usePageTitle(t('title'));
  const parts = [
    { key: 'privacy' as const, title: t('privacy.title'), sections: useSections('privacy') },
    { key: 'terms' as const, title: t('terms.title'), sections: useSections('terms') },
  ];

  return (
    <Stack gap="lg" py="md" maw={780} mx="auto" data-testid="policy-page" id="policy-top">
      <div>
        <Title order={1}>{t('title')}</Title>
        <Text c="dimmed" size="sm" mt={4}>
          {t('updated')}
        </Text>
        <Text mt="sm">{t('intro')}</Text>
      </div>

      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="nav" aria-labelledby="policy-toc">
        <Title order={2} size="h4" id="policy-toc" mb="xs">
          {t('toc')}
        </Title>
        <Box className="policy-toc">
          {parts.map((part) => (
            <div key={part.key}>
              <Anchor href={`#${part.key}`} fw={600}>
                {part.title}
              </Anchor>
              <ol>
                {part.sections.map((section) => (
                  <li key={section.id}>
                    <Anchor href={`#${part.key}-${section.id}`} size="sm">
                      {section.title.replace(/^\d+\.\s*/, '')}
                    </Anchor>
                  </li>
                ))}
              </ol>
            </div>
          ))}
        </Box>
      </Paper>

      {parts.map((part) => (
        <Box component="section" key={part.key} aria-labelledby={part.key} className="policy-part">
          <Title order={2} id={part.key} mb="sm">
            {part.title}
          </Title>
          <Stack gap="lg">
            {part.sections.map((section) => (
              <Box component="section" key={section.id} aria-labelledby={`${part.key}-${section.id}`}>
                <Title order={3} size="h4" id={`${part.key}-${section.id}`} mb="xs">
                  {section.title}
                </Title>
                <Stack gap="xs">
                  {section.paragraphs.map((paragraph, index) => (
                    <Text key={index} lh={1.65}>
                      {paragraph}
                    </Text>
                  ))}
                </Stack>
              </Box>
            ))}
          </Stack>
          <Anchor href="#policy-top" size="sm" mt="md" display="inline-block">
            {t('backToTop')}
          </Anchor>
        </Box>
      ))}
    </Stack>
  );
}
