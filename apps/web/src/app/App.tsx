import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { useMemo, useState } from 'react';
import { RouterProvider } from 'react-router/dom';
import { useAppState } from '../lib/store.ts';
import { createAppTheme } from '../lib/theme.ts';
import { createAppRouter } from './router.tsx';

/** The root: theme and router. Server state (TanStack Query) is provided below it, where screens use it (QueryScope). */
export function App() {
  const themeName = useAppState((s) => s.theme);
  const theme = useMemo(() => createAppTheme(themeName), [themeName]);
  const [router] = useState(createAppRouter);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline enableColorScheme />
      <RouterProvider router={router} />
    </ThemeProvider>
  );
}
