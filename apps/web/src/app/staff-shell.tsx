import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { meQueryKey, useCurrentUser } from '../lib/session';
import { useLive } from '../lib/use-live';
import { StaffLayout } from '../features/layout/staff-layout';
import { AvailabilityControl } from '../features/availability/availability-control';
import { AccountMenu } from '../features/auth/account-menu';
import { ChangePasswordButton } from '../features/auth/change-password-button';
import { LocationSync } from '../features/location/use-location-sync';

const MAX_TIMEOUT_MS = 2 ** 31 - 1;

/**
 * What every signed-in staff screen runs: the live channel, the location sync, a check when the
 * session's time is up, and the layout composed from the features that fill its top bar.
 */
export function StaffShell() {
  const me = useCurrentUser();
  const queryClient = useQueryClient();
  useLive(me.id);

  useEffect(() => {
    const ends = Date.parse(me.sessionExpiresAt);
    if (Number.isNaN(ends)) return;
    // Re-ask the server just after the session's end; a 401 then sends the user to /login.
    const delay = Math.min(Math.max(ends - Date.now() + 1000, 1000), MAX_TIMEOUT_MS);
    const timer = setTimeout(() => void queryClient.invalidateQueries({ queryKey: meQueryKey }), delay);
    return () => clearTimeout(timer);
  }, [me.sessionExpiresAt, queryClient]);

  return (
    <>
      <LocationSync serverGps={me.gps} />
      <StaffLayout
        actions={
          <>
            <AvailabilityControl />
            <ChangePasswordButton />
          </>
        }
        account={<AccountMenu />}
      />
    </>
  );
}

export default StaffShell;
