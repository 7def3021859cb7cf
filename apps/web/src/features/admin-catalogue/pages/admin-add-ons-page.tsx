import { useTranslation } from 'react-i18next';
import { useLocale } from '@/components/use-locale';
import { useCatalogue } from '../api/catalogue';
import { CataloguePage } from '../components/catalogue-page';
import { addOnsScreen } from './screens';

export default function AdminAddOnsPage() {
  const { t } = useTranslation(['admin-catalogue', 'admin', 'pages']);
  const locale = useLocale();
  const taxes = useCatalogue('taxes');
  return <CataloguePage screen={{ ...addOnsScreen({ t, locale }, taxes.data ?? []), pending: taxes.isPending }} />;
}
