import { Alert, Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { useTrash } from '../api/get-trash';

/** Under the list: the button that loads older items, or the list's end; and a failed load of more. */
export function TrashListEnd({ trash }: { trash: ReturnType<typeof useTrash> }) {
  const { t } = useTranslation(['trash', 'admin', 'common']);
  return (
    <>
      <Group justify="center">
        {trash.hasNextPage ? (
          <Button variant="light" loading={trash.isFetchingNextPage} onClick={() => void trash.fetchNextPage()} data-testid="trash-more">
            {t('loadMore')}
          </Button>
        ) : (
          <Text size="sm" c="dimmed" data-testid="trash-end">
            {t('end')}
          </Text>
        )}
      </Group>
      {trash.isFetchNextPageError ? (
        <Alert color="red" role="alert">
          {t('error')}
        </Alert>
      ) : null}
    </>
  );
}
