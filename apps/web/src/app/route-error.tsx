import { useRouteError } from 'react-router';
import { ErrorScreen } from './error-screen';

/** The data router's error element: logs what failed and shows the error screen. */
export function RouteError() {
  console.error(useRouteError());
  return <ErrorScreen />;
}
