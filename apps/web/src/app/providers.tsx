import type { ReactNode } from 'react';
import { DataProviders } from './data-providers';
import { ThemeRoot } from './theme-root';

/** The staff app's providers. */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <ThemeRoot>
      <DataProviders>{children}</DataProviders>
    </ThemeRoot>
  );
}
