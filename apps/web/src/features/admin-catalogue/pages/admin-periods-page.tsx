import { useTranslation } from 'react-i18next';
import { useLocale } from '@/components/use-locale';
import { CataloguePage } from '../components/catalogue-page';
import { periodsScreen } from './screens';

export default function AdminPeriodsPage() {
  const { t } = useTranslation(['admin-catalogue', 'admin', 'pages']);
  const locale = useLocale();
  return <CataloguePage screen={periodsScreen({ t, locale })} />;
}
