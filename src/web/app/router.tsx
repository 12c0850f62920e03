/** The browser router of the app (tests build a memory router from the same `routes`). */
import { createBrowserRouter } from 'react-router';
import { routes } from './routes';

export function createAppRouter() {
  return createBrowserRouter(routes);
}
