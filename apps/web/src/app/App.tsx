import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { RouterProvider } from 'react-router/dom';
import { queryClient } from '../lib/query-client.ts';
import { useAppState } from '../lib/store.ts';
import { createAppTheme } from '../lib/theme.ts';
import { createAppRouter } from './router.tsx';

export function App() {
  const themeName = useAppState((s) => s.theme);
  const theme = useMemo(() => createAppTheme(themeName), [themeName]);
  const [router] = useState(createAppRouter);
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider theme={theme}>
        <CssBaseline enableColorScheme />
        <RouterProvider router={router} />
      </ThemeProvider>
    </QueryClientProvider>
  );
}
