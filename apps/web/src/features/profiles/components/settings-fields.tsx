import { useId } from 'react';
import {
  ColorInput,
  ColorSwatch,
  Group,
  Input,
  MultiSelect,
  Radio,
  Select,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Switch,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SECTION_ORDERS, VISIBILITIES } from '@enlaza/contracts';
import { useCollections } from '../api/get-collections';
import type { ProfileDraft } from './profile-draft';
import { SWATCHES } from '@/components/swatches';
import { isLocked, LockedNote } from './team-lock';
import type { ProfileEditor } from './use-profile-editor';

const LAYOUTS = ['classic', 'centered', 'banner'] as const;

function Segmented<T extends string>({
  label,
  hint,
  value,
  values,
  onChange,
  error,
  labelOf,
  testId,
  disabled,
}: {
  label: string;
  hint?: string;
  value: T;
  values: readonly T[];
  onChange: (v: T) => void;
  error?: string;
  labelOf: (v: T) => string;
  testId: string;
  disabled?: boolean;
}) {
  const id = useId();
  // SegmentedControl is the radiogroup: it gets the name, and the hint and error describe it.
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  return (
    <Stack gap={4}>
      <Input.Label component="span">{label}</Input.Label>
      {hint ? <Input.Description id={`${id}-hint`}>{hint}</Input.Description> : null}
      <SegmentedControl
        value={value}
        onChange={onChange}
        data={values.map((v) => ({ value: v, label: labelOf(v) }))}
        fullWidth
        disabled={disabled}
        aria-label={label}
        aria-describedby={describedBy}
        aria-invalid={error ? true : undefined}
        data-testid={testId}
      />
      {error ? <Input.Error id={`${id}-error`}>{error}</Input.Error> : null}
    </Stack>
  );
}

/** Theme, visibility, contact form and wall switches, folder and labels: shared by cards and tags. */
export function SettingsFields({ editor }: { editor: Pick<ProfileEditor, 'draft' | 'error' | 'limits' | 'setCommon' | 'lock'> }) {
  const { t } = useTranslation('profiles');
  const { draft, error, setCommon } = editor;
  // A team that locks the theme sets the colour and the layout of its cards.
  const themeLocked = isLocked(editor.lock, 'theme');
  const folders = useCollections('folders', draft.kind);
  const labels = useCollections('labels', draft.kind);
  const colorOf = new Map((labels.data ?? []).map((l) => [l.id, l.color]));

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <ColorInput
          label={t('settings.color')}
          value={draft.color}
          onChange={(color) => setCommon({ color })}
          format="hex"
          swatches={SWATCHES}
          swatchesPerRow={6}
          eyeDropperButtonProps={{ 'aria-label': t('settings.eyeDropper'), title: t('settings.eyeDropper') }}
          error={error('color')}
          popoverProps={{ withinPortal: true }}
          disabled={themeLocked}
          data-testid="profile-color"
        />
        <Segmented<ProfileDraft['layout']>
          label={t('settings.layout')}
          value={draft.layout}
          values={LAYOUTS}
          onChange={(layout) => setCommon({ layout })}
          error={error('layout')}
          labelOf={(v) => t(`layouts.${v}`)}
          testId="profile-layout"
          disabled={themeLocked}
        />
      </SimpleGrid>
      <LockedNote lock={editor.lock} field="theme" />
      <Segmented<ProfileDraft['visibility']>
        label={t('settings.visibility')}
        hint={t(`visibilityHint.${draft.visibility}`)}
        value={draft.visibility}
        values={VISIBILITIES}
        onChange={(visibility) => setCommon({ visibility })}
        error={error('visibility')}
        labelOf={(v) => t(`visibility.${v}`)}
        testId="profile-visibility"
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Switch
          label={t('settings.contactForm')}
          description={t('settings.contactFormHint')}
          checked={draft.contactForm}
          onChange={(e) => setCommon({ contactForm: e.currentTarget.checked })}
          error={error('contactForm')}
          data-testid="profile-contact-form"
        />
        <Switch
          label={t('settings.wall')}
          description={t('settings.wallHint')}
          checked={draft.wall}
          onChange={(e) => setCommon({ wall: e.currentTarget.checked })}
          error={error('wall')}
          data-testid="profile-wall"
        />
      </SimpleGrid>
      {/* Which comes first under the card: only a choice when the page has both. Radios, not a
          segmented control: the choices are sentences, which wrap on a 360 px phone. */}
      {draft.contactForm && draft.wall ? (
        <Radio.Group
          label={t('settings.sectionOrder')}
          description={t(draft.kind === 'tag' ? 'settings.sectionOrderHintTag' : 'settings.sectionOrderHint')}
          value={draft.sectionOrder}
          onChange={(sectionOrder) => setCommon({ sectionOrder })}
          error={error('sectionOrder')}
          data-testid="profile-section-order"
        >
          <Group gap="lg" mt={6}>
            {SECTION_ORDERS.map((order) => (
              <Radio key={order} value={order} label={t(`sectionOrders.${order}`)} data-testid={`profile-section-order-${order}`} />
            ))}
          </Group>
        </Radio.Group>
      ) : null}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Select
          label={t('settings.folder')}
          placeholder={t('settings.noFolder')}
          data={(folders.data ?? []).map((f) => ({ value: f.id, label: f.name }))}
          value={draft.folderId}
          onChange={(folderId) => setCommon({ folderId })}
          clearable
          searchable
          nothingFoundMessage={t('settings.noneYet')}
          error={error('folderId')}
          comboboxProps={{ withinPortal: true }}
          data-testid="profile-folder"
        />
        <MultiSelect
          label={t('settings.labels')}
          placeholder={draft.labelIds.length ? undefined : t('settings.noLabels')}
          data={(labels.data ?? []).map((l) => ({ value: l.id, label: l.name }))}
          value={draft.labelIds}
          onChange={(labelIds) => setCommon({ labelIds })}
          searchable
          clearable
          maxValues={editor.limits('labelIds').maxItems}
          nothingFoundMessage={t('settings.noneYet')}
          error={error('labelIds')}
          renderOption={({ option }) => (
            <Group gap="xs" wrap="nowrap">
              <ColorSwatch color={colorOf.get(option.value) ?? '#868e96'} size={12} />
              <span>{option.label}</span>
            </Group>
          )}
          comboboxProps={{ withinPortal: true }}
          data-testid="profile-labels"
        />
      </SimpleGrid>
    </Stack>
  );
}
