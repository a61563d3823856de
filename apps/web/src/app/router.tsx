import { createBrowserRouter } from 'react-router';
import { setNavigator } from '../lib/session';
import { routes } from './routes';

export const router = createBrowserRouter(routes);

// lib/ sends the user to /login when the session is lost, through the router (no page reload).
setNavigator((to, opts) => router.navigate(to, opts));
