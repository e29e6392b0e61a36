import { useCallback } from 'react';
import { MSG } from '#shared/messages';
import { auth } from '#shared/endpoints/auth';
import { ApiError, call, tokens } from '../../api/client';
import { useToast } from '../../components/toast';
import { useAuth } from '../auth/auth-context';

/**
 * Ends the session without leaving the admin area (the shared logout goes to /). A server that cannot be reached
 * keeps the session, so the admin can try again; any other answer means the session is gone anyway.
 */
export function useAdminSignOut() {
  const { refresh } = useAuth();
  const toast = useToast();
  return useCallback(
    async (opts: { quiet?: boolean } = {}) => {
      try {
        if (tokens.access) await call(auth.logout, { body: { deviceType: 'web' } });
      } catch (err) {
        if (err instanceof ApiError && err.status === 0 && !opts.quiet) {
          toast.error(MSG.logoutFailed);
          return false;
        }
      }
      tokens.clear();
      await refresh();
      return true;
    },
    [refresh, toast],
  );
}
