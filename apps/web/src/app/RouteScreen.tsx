import LinearProgress from '@mui/material/LinearProgress';
import { Suspense, useEffect } from 'react';
import { PlaceholderScreen } from '../components/PlaceholderScreen.tsx';
import type { ScreenRoute } from './routes.tsx';

/** One routed screen: its component (loaded on demand) or, until its feature lands, the placeholder. */
export function RouteScreen({ route, title }: { route: ScreenRoute; title: string }) {
  useEffect(() => {
    document.title = `${title} · Mailwright`;
  }, [title]);
  const Screen = route.screen;
  if (!Screen) return <PlaceholderScreen title={title} arrivesWith={route.arrivesWith ?? 'a later feature'} />;
  return (
    <Suspense fallback={<LinearProgress aria-label="Loading" />}>
      <Screen />
    </Suspense>
  );
}
