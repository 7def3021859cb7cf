import { useTranslation } from 'react-i18next';
import { useLocale } from '@/components/use-locale';
import { CataloguePage } from '../components/catalogue-page';
import { taxesScreen } from './screens';

export default function AdminTaxesPage() {
  const { t } = useTranslation(['admin-catalogue', 'admin', 'pages']);
  const locale = useLocale();
  return <CataloguePage screen={taxesScreen({ t, locale })} />;
}
