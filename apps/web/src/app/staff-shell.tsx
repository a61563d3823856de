import { useCurrentUser } from '../lib/session';
import { useLive } from '../lib/use-live';
import { StaffLayout } from '../features/layout/staff-layout';
import { AvailabilityControl } from '../features/availability/availability-control';
import { AccountMenu } from '../features/auth/account-menu';
import { OwnPhotoField } from '../features/users/user-photo-field';
import { ChangePasswordButton } from '../features/auth/change-password-button';
import { LocationSync } from '../features/location/use-location-sync';
import { NotificationBell } from '../features/notifications/notification-bell';

/**
 * What every signed-in staff screen runs: the live channel, the location sync, and the layout
 * composed from the features that fill its top bar (the layout warns before the session's time
 * is up and checks with the server at its end).
 */
export function StaffShell() {
  const me = useCurrentUser();
  useLive(me.id);

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
        notifications={<NotificationBell />}
        account={<AccountMenu profile={<OwnPhotoField />} />}
      />
    </>
  );
}

export default StaffShell;
