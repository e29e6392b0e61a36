import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { devices } from '#shared/endpoints/devices';
import { call, load } from '#client/api/client';

export const DEVICES_KEY = ['account', 'devices'] as const;

/** The account's devices, the plan's seats and how many are held (GET /devices). */
export const useDevices = () => useQuery({ queryKey: DEVICES_KEY, queryFn: ({ signal }) => load(devices.list, { signal }) });

/** Removes a device; the answer is the list as it now is, which replaces the page's. */
export function useRemoveDevice() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(devices.remove, { params: { id } }),
    onSuccess: (res) => qc.setQueryData(DEVICES_KEY, res.data),
  });
}
