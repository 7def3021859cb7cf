import { Link } from 'react-router';
import { Button, Group, SimpleGrid, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '@/components/use-page-title';
import { useSession } from '@/lib/session';
import { PlanUsageCard } from '@/components/plan-usage-card';

const SHORTCUTS = [
  { to: '/user/personalinformation', key: 'personal' },
  { to: '/user/preferencias', key: 'preferences' },
  { to: '/user/myplan', key: 'myplan' },
  { to: '/user/paquetes', key: 'paquetes' },
  { to: '/user/methods', key: 'methods' },
  { to: '/user/pagos', key: 'pagos' },
  { to: '/user/opciones', key: 'options' },
  { to: '/user/historial', key: 'history' },
] as const;

/** /account: the plan with its usage, and a way into every account page. */
export default function AccountHomePage() {
  const { t } = useTranslation('account');
  usePageTitle(t('home.title'));
  const { user } = useSession();
  return (
    <Stack gap="lg" maw={1040} w="100%" data-testid="account-home">
      <div>
        <Title order={1} size="h2">
          {t('home.title')}
        </Title>
        <Text c="dimmed" size="sm">
          {user ? t('home.intro', { name: user.name, code: user.codigo }) : null}
        </Text>
      </div>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <PlanUsageCard testId="account-plan" nameTestId="account-plan-name">
          <Group gap="sm">
            <Button component={Link} to="/user/myplan" variant="light" size="sm">
              {t('home.managePlan')}
            </Button>
            <Button component={Link} to="/user/plans" variant="subtle" size="sm">
              {t('home.comparePlans')}
            </Button>
          </Group>
        </PlanUsageCard>
        <nav aria-labelledby="account-shortcuts">
          <Title order={2} size="h4" id="account-shortcuts" mb="sm">
            {t('home.shortcuts')}
          </Title>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            {SHORTCUTS.map((item) => (
              <UnstyledButton
                key={item.to}
                component={Link}
                to={item.to}
                className="account-shortcut"
                data-testid={`account-shortcut-${item.key}`}
              >
                <Text fw={600} size="sm">
                  {t(`home.links.${item.key}.title`)}
                </Text>
                <Text size="xs" c="dimmed">
                  {t(`home.links.${item.key}.body`)}
                </Text>
              </UnstyledButton>
            ))}
          </SimpleGrid>
        </nav>
      </SimpleGrid>
    </Stack>
  );
}
