import { type ComponentType, type LazyExoticComponent, lazy, Suspense, useEffect } from 'react';
import { LoadingBar } from '../components/LoadingBar.tsx';
import { PlaceholderScreen } from '../components/PlaceholderScreen.tsx';
import type { ScreenRoute } from './routes.tsx';
import type { ScreenName } from './screens.tsx';

interface RouteScreenProps {
  route: ScreenRoute;
  /** The screen's heading. */
  title: string;
  /** The browser tab's title, when it says more than the heading (e.g. "Suppressions · Bounce"). */
  documentTitle?: string;
  level?: 'h1' | 'h2';
}

const signedInScreens = new Map<ScreenName, LazyExoticComponent<ComponentType>>();

/** A signed-in screen by name, loaded on demand (its loader comes with the signed-in frame: screens.tsx). */
function signedInScreen(name: ScreenName): LazyExoticComponent<ComponentType> {
  let screen = signedInScreens.get(name);
  if (!screen) {
    screen = lazy<ComponentType>(() => import('./screens.tsx').then(({ SCREENS }) => SCREENS[name]()));
    signedInScreens.set(name, screen);
  }
  return screen;
}

/** One routed screen: its component (loaded on demand) or, until its feature lands, the placeholder. */
export function RouteScreen({ route, title, documentTitle = title, level = 'h1' }: RouteScreenProps) {
  useEffect(() => {
    document.title = `${documentTitle} · Mailwright`;
  }, [documentTitle]);
  if (!route.screen) {
    return <PlaceholderScreen title={title} level={level} arrivesWith={route.arrivesWith ?? 'a later feature'} />;
  }
  const Screen = typeof route.screen === 'string' ? signedInScreen(route.screen) : route.screen;
  return (
    <Suspense fallback={<LoadingBar />}>
      <Screen />
    </Suspense>
  );
}
