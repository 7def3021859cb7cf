import { useMutation, useQueryClient } from '@tanstack/react-query';
import { couponKeys } from '@/lib/api/admin-keys';

/** A coupon change: the list and every detail are asked again. */
export function useCouponMutation<V, R>(call: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => queryClient.invalidateQueries({ queryKey: couponKeys.all }) });
}
