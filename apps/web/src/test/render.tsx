import type { ReactElement, ReactNode } from 'react';
import { render, renderHook, type RenderHookOptions } from '@testing-library/react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { SnackbarProvider } from 'notistack';
import { MemoryRouter } from 'react-router';
import type { Me } from '@vialex/domain';
import { ThemeRoot } from '../app/theme-root';
import { createQueryClient } from '../lib/query-client';
import { CurrentUserContext } from '../lib/session';

export interface AppOptions {
  /** The signed-in user the screen sees (CurrentUserContext); none: the context's own default. */
  user?: Me | null;
  /** The router's one entry (a MemoryRouter); default '/'. */
  route?: string;
  /** A client the test wants to read or seed; default a fresh one per render, as the app's. */
  queryClient?: QueryClient;
}

/**
 * The staff app's providers in the app's order (app/providers.tsx: theme, data, toasts), then the
 * signed-in user and a router: what a screen needs to render alone in a test.
 */
function appWrapper({ user, route = '/', queryClient = createQueryClient() }: AppOptions) {
  function AppProviders({ children }: { children: ReactNode }) {
    const inner = <MemoryRouter initialEntries={[route]}>{children}</MemoryRouter>;
    return (
      <ThemeRoot>
        <QueryClientProvider client={queryClient}>
          <SnackbarProvider>
            {user === undefined ? (
              inner
            ) : (
              <CurrentUserContext.Provider value={user}>{inner}</CurrentUserContext.Provider>
            )}
          </SnackbarProvider>
        </QueryClientProvider>
      </ThemeRoot>
    );
  }
  return { wrapper: AppProviders, queryClient };
}

/** Renders `ui` inside the app's providers: Testing Library's result plus the query client. */
export function renderWithApp(ui: ReactElement, options: AppOptions = {}) {
  const { wrapper, queryClient } = appWrapper(options);
  return { ...render(ui, { wrapper }), queryClient };
}

/** Renders a hook inside the app's providers: Testing Library's result plus the query client. */
export function renderHookWithApp<Result, Props>(
  hook: (props: Props) => Result,
  options: AppOptions & Pick<RenderHookOptions<Props>, 'initialProps'> = {},
) {
  const { initialProps, ...app } = options;
  const { wrapper, queryClient } = appWrapper(app);
  return { ...renderHook(hook, { wrapper, initialProps }), queryClient };
}
