import { AppThemeProvider, Toaster, createQueryClient, BrowserRouter } from '@innerecho/ui';
import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { FontFaces } from './fonts/font-faces';
import { AppLayout } from './layout/app-layout';
import { AppRoutes } from './routing/app-routes';

/**
 * The shell owns the cross-cutting pieces (query client, theme, router, toasts) and
 * mounts each area's remote at its routes. Remotes use these through the shared
 * singletons instead of creating their own.
 */
export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <AppThemeProvider>
        <FontFaces />
        <BrowserRouter>
          <AppLayout>
            <AppRoutes />
          </AppLayout>
        </BrowserRouter>
        <Toaster />
      </AppThemeProvider>
    </QueryClientProvider>
  );
}
