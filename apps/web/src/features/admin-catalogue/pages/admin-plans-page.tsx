import { useTranslation } from 'react-i18next';
import { useLocale } from '@/components/use-locale';
import { CataloguePage } from '../components/catalogue-page';
import { plansScreen } from './screens';

export default function AdminPlansPage() {
  const { t } = useTranslation(['admin-catalogue', 'admin', 'pages']);
  const locale = useLocale();
  return <CataloguePage screen={plansScreen({ t, locale })} />;
}
