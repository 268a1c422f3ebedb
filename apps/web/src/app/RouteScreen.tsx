import LinearProgress from '@mui/material/LinearProgress';
import { Suspense, useEffect } from 'react';
import { PlaceholderScreen } from '../components/PlaceholderScreen.tsx';
import type { ScreenRoute } from './routes.tsx';

interface RouteScreenProps {
  route: ScreenRoute;
  /** The screen's heading. */
  title: string;
  /** The browser tab's title, when it says more than the heading (e.g. "Suppressions · Bounce"). */
  documentTitle?: string;
  level?: 'h1' | 'h2';
}

/** One routed screen: its component (loaded on demand) or, until its feature lands, the placeholder. */
export function RouteScreen({ route, title, documentTitle = title, level = 'h1' }: RouteScreenProps) {
  useEffect(() => {
    document.title = `${documentTitle} · Mailwright`;
  }, [documentTitle]);
  const Screen = route.screen;
  if (!Screen) {
    return <PlaceholderScreen title={title} level={level} arrivesWith={route.arrivesWith ?? 'a later feature'} />;
  }
  return (
    <Suspense fallback={<LinearProgress aria-label="Loading" />}>
      <Screen />
    </Suspense>
  );
}
