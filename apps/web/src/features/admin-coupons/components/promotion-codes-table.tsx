import { useState } from 'react';
import { Badge, Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PromotionCodeAdmin } from '@enlaza/contracts';
import { apiErrorMessage } from '@/lib/api-error-message';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { DataTable, type DataColumn } from '@/components/data-table';
import { notify } from '@/components/notifications';
import { useLocale } from '@/components/use-locale';
import { formatDate, formatNumber } from '@/lib/format';
import { useArchivePromotionCode } from '../api/archive-promotion-code';

/** A coupon's promotion codes: expiry, redemptions against the limit, first-time only, archive (with confirmation). */
export function PromotionCodesTable({ codes }: { codes: PromotionCodeAdmin[] }) {
  const { t } = useTranslation(['admin-coupons', 'admin']);
  const locale = useLocale();
  const archiveCode = useArchivePromotionCode();
  const [codeToArchive, setCodeToArchive] = useState<PromotionCodeAdmin | null>(null);
  const never = t('never');
  const codeColumns: DataColumn<PromotionCodeAdmin>[] = [
    { key: 'code', header: t('codes.code'), cell: (row) => <code>{row.code}</code>, hideInCard: true },
    { key: 'expires', header: t('codes.expiresAt'), cell: (row) => (row.expiresAt ? formatDate(row.expiresAt, locale) : never) },
    {
      key: 'redeemed',
      header: t('columns.redeemed'),
      cell: (row) =>
        row.maxRedemptions === null
          ? formatNumber(row.timesRedeemed, locale)
          : `${formatNumber(row.timesRedeemed, locale)} / ${formatNumber(row.maxRedemptions, locale)}`,
    },
    { key: 'first', header: t('codes.firstTimeOnly'), cell: (row) => t(row.firstTimeOnly ? 'yes' : 'no') },
    {
      key: 'status',
      header: t('columns.status'),
      cell: (row) => (
        <Badge color={row.active ? 'teal' : 'gray'} variant="light">
          {t(row.active ? 'active' : 'archived')}
        </Badge>
      ),
    },
  ];
  return (
    <>
      <DataTable
        caption={t('codes.title')}
        columns={codeColumns}
        rows={codes}
        rowKey={(row) => row.id}
        cardTitle={(row) => <code>{row.code}</code>}
        actions={(row) =>
          row.active ? (
            <Button
              size="xs"
              variant="light"
              color="red"
              onClick={() => setCodeToArchive(row)}
              aria-label={t('codes.archiveAria', { code: row.code })}
            >
              {t('archive.button')}
            </Button>
          ) : null
        }
        isLoading={false}
        error={null}
        onRetry={() => undefined}
        emptyText={t('codes.empty')}
        testId="promotion-codes-table"
      />
      <ConfirmDialog
        opened={codeToArchive !== null}
        title={t('codes.archiveTitle')}
        confirmLabel={t('archive.confirm')}
        danger
        loading={archiveCode.isPending}
        error={archiveCode.isError ? apiErrorMessage(archiveCode.error, t) : null}
        onConfirm={() =>
          codeToArchive &&
          archiveCode.mutate(codeToArchive.id, {
            onSuccess: () => {
              notify('success', t('codes.archived', { code: codeToArchive.code }));
              setCodeToArchive(null);
            },
          })
        }
        onClose={() => setCodeToArchive(null)}
      >
        {codeToArchive ? t('codes.archiveBody', { code: codeToArchive.code }) : ''}
      </ConfirmDialog>
    </>
  );
}
