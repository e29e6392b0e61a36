import { SITE_TIME_ZONE, userTimeZone, type TimeZone } from '#shared/dates';
import { useAuth } from './auth-context';

/**
 * The zone a signed-in user's dates are shown in: their preference. Signed out (and while a page the server rendered
 * signed out is hydrated) the site's zone, so the first render matches the server's.
 */
export function useTimeZone(): TimeZone {
  const { user } = useAuth();
  return user ? userTimeZone(user.preferences?.timezone) : SITE_TIME_ZONE;
}
