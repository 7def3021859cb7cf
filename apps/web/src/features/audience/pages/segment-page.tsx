import { useEffect, useMemo, useRef, useState } from 'react';
import { Anchor, Button, Grid, Group, Paper, Stack, TextInput } from '@mantine/core';
import type { ContactField, Segment } from '@enlaza/contracts';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { FormGeneralError } from '@/components/form-general-error';
import { LoadError, LoadingRows } from '@/components/load-states';
import { notify } from '@/components/notifications';
import { PageHeader } from '@/components/page-header';
import { usePageTitle } from '@/components/use-page-title';
import { useAudienceSources } from '@/lib/api/get-audience-sources';
import { ApiError } from '@/lib/api-error';
import { apiErrorMessage } from '@/lib/api-error-message';
import { useDeleteSegment } from '../api/delete-segment';
import { useAutomationEmails } from '../api/get-automation-emails';
import { useCampaignEmails } from '../api/get-campaign-emails';
import { useContactFields } from '../api/get-contact-fields';
import { useContactLists } from '../api/get-contact-lists';
import { useSegment } from '../api/get-segment';
import { useSaveSegment } from '../api/save-segment';
import type { BuilderSources } from '../components/segment-builder/condition-inputs';
import { RuleBuilder } from '../components/segment-builder/rule-builder';
import { fromRule, newRule, toRule, type RuleDraft } from '../components/segment-builder/rule-draft';
import { SegmentCount, useLiveCount } from '../components/segment-builder/segment-count';
import '../components/segment-builder/segment-builder.css';
import { NEW_SEGMENT, SEGMENTS_PATH, segmentPath } from './segment-paths';

const NAME_MAX = 120;
/** Campaigns that have sent at least some of their emails (an engagement condition can name them). */
const SENT_STATES = new Set(['sending', 'paused', 'sent']);

/** The first message of each path of a 422. */
const firstOf = (errors: Record<string, string[]> | undefined) =>
  Object.fromEntries(Object.entries(errors ?? {}).flatMap(([path, list]) => (list[0] ? [[path, list[0]]] : [])));

/** A path a condition's row shows (`rule.groups.0.conditions.1` and below), or the name. */
const isPlaced = (path: string) => path === 'name' || /^rule\.groups\.\d+\.conditions\.\d+(\.|$)/.test(path);

function SegmentForm({ segment, fields, sources }: { segment: Segment | null; fields: ContactField[]; sources: BuilderSources }) {
  const { t } = useTranslation('audience');
  const navigate = useNavigate();
  const save = useSaveSegment();
  const remove = useDeleteSegment();
  const [name, setName] = useState(segment?.name ?? '');
  const [draft, setDraft] = useState<RuleDraft>(() =>
    segment
      ? fromRule(segment.rule)
      : newRule({ fields, listIds: sources.lists.map((l) => l.value), profileIds: sources.profiles.map((p) => p.value) }),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [general, setGeneral] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const [focusTick, setFocusTick] = useState(0);

  const built = useMemo(() => toRule(draft, fields), [draft, fields]);
  const live = useLiveCount('rule' in built ? built.rule : null);
  // The rule's errors: those of the last save, else those the count met on the rule as it is now.
  const ruleErrors = { ...(live.busy ? {} : firstOf(live.fieldErrors)), ...errors };

  // After a refused save, the first input in error gets the focus (in the order the page shows them).
  useEffect(() => {
    if (focusTick > 0) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusTick]);

  const changeRule = (next: RuleDraft) => {
    setDraft(next);
    setErrors((previous): Record<string, string> => (previous.name ? { name: previous.name } : {}));
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setGeneral(null);
    const local: Record<string, string> = {};
    if (!name.trim()) local.name = t('builder.nameRequired');
    if ('missing' in built) for (const path of built.missing) local[path] = t('builder.required');
    if (Object.keys(local).length > 0 || !('rule' in built)) {
      setErrors(local);
      setFocusTick((n) => n + 1);
      return;
    }
    save.mutate(
      { id: segment?.id ?? null, body: { name: name.trim(), rule: built.rule } },
      {
        onSuccess: (saved) => {
          setErrors({});
          notify('success', t('builder.saved', { name: saved.name }));
          if (!segment) void navigate(segmentPath(saved.id), { replace: true });
        },
        onError: (error) => {
          const found = error instanceof ApiError ? firstOf(error.fieldErrors) : {};
          setErrors(found);
          const unplaced = Object.entries(found).filter(([path]) => !isPlaced(path));
          setGeneral(
            Object.keys(found).length === 0 ? apiErrorMessage(error, t) : unplaced.length ? unplaced.map(([, m]) => m).join(' ') : null,
          );
          setFocusTick((n) => n + 1);
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate ref={form} data-testid="segment-form">
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }} order={{ base: 2, md: 1 }}>
          <Stack gap="lg">
            <Paper withBorder radius="md" p="md">
              <TextInput
                label={t('builder.name')}
                description={t('builder.nameHint')}
                value={name}
                onChange={(e) => {
                  setName(e.currentTarget.value);
                  setErrors(({ name: _gone, ...rest }) => rest);
                }}
                maxLength={NAME_MAX}
                required
                error={errors.name}
                data-testid="segment-name"
              />
            </Paper>
            <RuleBuilder draft={draft} onChange={changeRule} sources={sources} errors={ruleErrors} />
            {/* On a phone the count and the buttons come first: Save again where the rule ends. */}
            <Group hiddenFrom="md" justify="flex-end">
              <Button type="submit" loading={save.isPending} data-testid="segment-save-end">
                {t('builder.save')}
              </Button>
            </Group>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }} order={{ base: 1, md: 2 }}>
          <Stack gap="md" className="segment-aside">
            <SegmentCount live={live} />
            <FormGeneralError error={general} testId="segment-error" />
            <Group gap="sm" wrap="wrap">
              <Button type="submit" loading={save.isPending} data-testid="segment-save">
                {t('builder.save')}
              </Button>
              {segment ? (
                <Button variant="light" color="red" onClick={() => setDeleting(true)} data-testid="segment-delete">
                  {t('builder.delete')}
                </Button>
              ) : null}
            </Group>
          </Stack>
        </Grid.Col>
      </Grid>
      <ConfirmDialog
        opened={deleting}
        title={t('builder.deleteTitle')}
        confirmLabel={t('builder.delete')}
        danger
        loading={remove.isPending}
        error={remove.error ? apiErrorMessage(remove.error, t) : null}
        onConfirm={() =>
          segment &&
          remove.mutate(segment.id, {
            onSuccess: () => {
              notify('success', t('builder.deleted', { name: segment.name }));
              void navigate(SEGMENTS_PATH);
            },
          })
        }
        onClose={() => {
          setDeleting(false);
          remove.reset();
        }}
      >
        {t('builder.deleteText', { name: segment?.name ?? '' })}
      </ConfirmDialog>
    </form>
  );
}

/** What the conditions choose from, once everything has loaded (or the first failure). */
function useBuilderSources() {
  const { t } = useTranslation('audience');
  const fields = useContactFields();
  const lists = useContactLists();
  const audience = useAudienceSources();
  const campaigns = useCampaignEmails();
  const automations = useAutomationEmails();
  const all = [fields, lists, audience, campaigns, automations];
  const failed = all.find((q) => q.isError);
  if (failed) return { state: 'error' as const, error: failed.error, retry: () => all.forEach((q) => q.isError && void q.refetch()) };
  if (!fields.data || !lists.data || !audience.data || !campaigns.data || !automations.data) return { state: 'loading' as const };
  const sources: BuilderSources = {
    fields: fields.data,
    lists: lists.data.map((l) => ({ value: l.id, label: l.name })),
    profiles: audience.data.profiles.map((p) => ({ value: p.id, label: t(`builder.profileOption.${p.kind}`, { name: p.name }) })),
    emails: [
      ...campaigns.data.filter((c) => SENT_STATES.has(c.state)).map((c) => ({ value: c.id, label: c.name })),
      ...automations.data.flatMap((a) =>
        [...a.steps]
          .sort((x, y) => x.position - y.position)
          .map((s) => ({ value: s.emailId, label: t('builder.stepEmail', { name: a.name, n: s.position }) })),
      ),
    ],
  };
  return { state: 'ready' as const, sources };
}

/**
 * /user/campanas/audiencia/segmentos/:segmentId (`nuevo` for a new one): the segment builder — its
 * name, the rule as groups of conditions, and the people it selects now.
 */
export default function SegmentPage() {
  const { t } = useTranslation('audience');
  const { segmentId = NEW_SEGMENT } = useParams();
  const isNew = segmentId === NEW_SEGMENT;
  const segment = useSegment(isNew ? '' : segmentId);
  const builder = useBuilderSources();
  const title = isNew ? t('builder.newTitle') : (segment.data?.name ?? t('builder.title'));
  usePageTitle(title);

  return (
    <Stack gap="lg" maw={1100} w="100%" data-testid="segment-page">
      <Anchor component={Link} to={SEGMENTS_PATH} size="sm">
        {t('builder.back')}
      </Anchor>
      <PageHeader title={title} intro={t('builder.intro')} />
      {!isNew && segment.isError ? (
        <LoadError error={segment.error} onRetry={() => void segment.refetch()} />
      ) : builder.state === 'error' ? (
        <LoadError error={builder.error} onRetry={builder.retry} />
      ) : builder.state === 'loading' || (!isNew && !segment.data) ? (
        <LoadingRows rows={4} height={72} testId="segment-loading" />
      ) : (
        <SegmentForm key={segmentId} segment={isNew ? null : segment.data!} fields={builder.sources.fields} sources={builder.sources} />
      )}
    </Stack>
  );
}
