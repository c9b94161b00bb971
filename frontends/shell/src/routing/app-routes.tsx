import { Route, Routes } from '@innerecho/ui';
import { NotFoundPage } from './not-found-page';
import { RemotePage } from './remote-page';
import { REMOTE_ROUTES } from './remote-routes';

export function AppRoutes() {
  return (
    <Routes>
      {REMOTE_ROUTES.map((route) => (
        // Keyed by path so each route has its own load state and retry counter.
        <Route key={route.path} path={route.path} element={<RemotePage key={route.path} route={route} />} />
      ))}
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
