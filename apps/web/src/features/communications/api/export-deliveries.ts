import { useMutation } from '@tanstack/react-query';
import type { DeliveryFilter } from '@enlaza/contracts';
import { downloadFile } from '@/lib/download-file';
import { filterQuery } from './keys';

/** `GET /api/comunicaciones.csv`: the filtered list as a CSV download. */
export const exportDeliveries = (filter: DeliveryFilter) =>
  downloadFile(`/api/comunicaciones.csv?${filterQuery(filter).toString()}`, 'enlaza-comunicaciones.csv');

export const useExportDeliveries = () => useMutation({ mutationFn: exportDeliveries });
