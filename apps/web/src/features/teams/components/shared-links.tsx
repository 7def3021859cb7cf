import { Button, Fieldset, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { contractField } from '@/lib/forms/contract-fields';
import { teamTemplateBodySchema } from '@enlaza/contracts';
import type { LinkRow, TemplateForm } from './template-values';

const MAX_LINKS = contractField(teamTemplateBodySchema, 'values.links').maxItems ?? 10;
let lastKey = 0;

/** The team's shared links, first on every member's card in this order: add and remove rows. */
export function SharedLinks({ form }: { form: TemplateForm }) {
  const { t } = useTranslation('teams');
  const links = form.values.values.links;
  const setLinks = (next: LinkRow[]) => form.form.setFieldValue('values.links', next);
  return (
    <Fieldset legend={t('fields.links')} variant="unstyled" data-testid="template-links">
      <Stack gap="sm">
        {links.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('template.noLinks')}
          </Text>
        ) : null}
        {links.map((link, i) => (
          <Group key={link.key} align="flex-end" gap="xs" wrap="nowrap" role="group" aria-label={t('template.linkN', { n: i + 1 })}>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" style={{ flex: 1 }}>
              <TextInput {...form.field(`values.links.${i}.label`)} label={t('template.linkLabel')} />
              <TextInput {...form.field(`values.links.${i}.url`)} label={t('template.linkUrl')} type="url" placeholder="https://" />
            </SimpleGrid>
            <Button
              variant="subtle"
              color="red"
              size="xs"
              onClick={() => setLinks(links.filter((other) => other.key !== link.key))}
              aria-label={t('template.removeLink', { n: i + 1 })}
            >
              {t('template.remove')}
            </Button>
          </Group>
        ))}
        {links.length < MAX_LINKS ? (
          <div>
            <Button
              variant="light"
              size="xs"
              onClick={() => setLinks([...links, { key: `new-link-${++lastKey}`, label: '', url: '' }])}
              data-testid="template-add-link"
            >
              {t('template.addLink')}
            </Button>
          </div>
        ) : null}
      </Stack>
    </Fieldset>
  );
}
