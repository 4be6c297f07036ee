import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { consoleRoutes } from '@switchboard/shared';
import type { TotpStatusResponse } from '@switchboard/shared';
import { callRoute } from '../../../lib/api';
import { settingsKeys } from './keys';

export const totpStatusQueryOptions = () =>
  queryOptions({
    queryKey: settingsKeys.totp(),
    queryFn: () => callRoute(consoleRoutes.totpStatus),
  });

export const useTotpStatus = () => useQuery(totpStatusQueryOptions());

/** The answer to a change is the new state: it replaces the cached one. */
function useStoreStatus() {
  const queryClient = useQueryClient();
  return (status: TotpStatusResponse) => queryClient.setQueryData(settingsKeys.totp(), status);
}

/** A new secret and its otpauth URI; kept by the caller only (it is not cached). */
export function useStartTotp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callRoute(consoleRoutes.startTotp, {}),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsKeys.totp() }),
  });
}

export function useConfirmTotp() {
  const store = useStoreStatus();
  return useMutation({
    mutationFn: (code: string) => callRoute(consoleRoutes.confirmTotp, { code }),
    onSuccess: store,
  });
}

export function useDisableTotp() {
  const store = useStoreStatus();
  return useMutation({
    mutationFn: (code: string) => callRoute(consoleRoutes.disableTotp, { code }),
    onSuccess: store,
  });
}
