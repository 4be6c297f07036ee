import { useMutation } from '@tanstack/react-query';
import { consoleRoutes } from '@switchboard/shared';
import type { ChangeOwnPasswordBody } from '@switchboard/shared';
import { callRoute } from '../../../lib/api';

/** The signed-in user's own password; the answer says how many other sessions were signed out. */
export const useChangePassword = () =>
  useMutation({
    mutationFn: (body: ChangeOwnPasswordBody) => callRoute(consoleRoutes.changeOwnPassword, body),
  });
