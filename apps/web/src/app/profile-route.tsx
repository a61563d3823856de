import ProfilePage from '../features/profile/profile-page';
import { OwnPhotoField } from '../features/users/user-photo-field';

/** Mi perfil composed with one's own photo control (features/users): features never import each other. */
export default function ProfileRoute() {
  return <ProfilePage photo={<OwnPhotoField />} />;
}
