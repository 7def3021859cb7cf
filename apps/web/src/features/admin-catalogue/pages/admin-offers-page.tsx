import { useTranslation } from 'react-i18next';
import { useLocale } from '@/components/use-locale';
import { useAccountTypeOptions, useCatalogue } from '../api/catalogue';
import { CataloguePage } from '../components/catalogue-page';
import { offersScreen } from './screens';

export default function AdminOffersPage() {
  const { t } = useTranslation(['admin-catalogue', 'admin', 'pages']);
  const locale = useLocale();
  const plans = useCatalogue('plans');
  const periods = useCatalogue('billing-periods');
  const taxes = useCatalogue('taxes');
  const accountTypes = useAccountTypeOptions();
  const screen = offersScreen(
    { t, locale },
    { plans: plans.data ?? [], periods: periods.data ?? [], taxes: taxes.data ?? [], accountTypes: accountTypes.data ?? [] },
  );
  return (
    <CataloguePage screen={{ ...screen, pending: plans.isPending || periods.isPending || taxes.isPending || accountTypes.isPending }} />
  );
}
