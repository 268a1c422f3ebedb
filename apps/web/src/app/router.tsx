import type { Access } from '@mailwright/contract';
import { lazy, type ReactNode, Suspense } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { LoadingBar } from '../components/LoadingBar.tsx';
import { setNavigator } from '../lib/navigation.ts';
import { useAppState } from '../lib/store.ts';
import { GuestLayout } from './GuestLayout.tsx';
import { RequireAccess, RequireSession } from './guards.tsx';
import { RouteErrorScreen } from './RouteErrorScreen.tsx';
import { RouteScreen } from './RouteScreen.tsx';
import {
  DEFAULT_ROUTE,
  GUEST_ROUTES,
  isTabbedSection,
  LEGACY_REDIRECTS,
  SCREEN_ROUTES,
  type ScreenRoute,
} from './routes.tsx';
import { Shell } from './Shell.tsx';

// The signed-in frame (sidebar, top bar, pickers, news) is its own chunk: the sign-in page loads none of it.
const Layout = lazy(() => import('./Layout.tsx'));
const SectionTabs = lazy(() => import('./SectionTabs.tsx'));
const NotFoundScreen = lazy(() =>
  import('./NotFoundScreen.tsx').then((module) => ({ default: module.NotFoundScreen })),
);

function SignedInFrame({ children }: { children?: ReactNode }) {
  return (
    <RequireSession>
      <Suspense fallback={<LoadingBar />}>
        <Layout>{children}</Layout>
      </Suspense>
    </RequireSession>
  );
}

/** An unknown address: inside the signed-in frame for a signed-in user, on the guest card otherwise (spec 2). */
function CatchAll() {
  const token = useAppState((s) => s.token);
  const screen = (
    <Suspense fallback={<LoadingBar />}>
      <NotFoundScreen />
    </Suspense>
  );
  if (token) return <SignedInFrame>{screen}</SignedInFrame>;
  return <GuestLayout>{screen}</GuestLayout>;
}

function joinPath(base: string, path: string): string {
  return path ? `${base}/${path}` : base;
}

/** Turns the spec's table into router objects: guards where a route sets its access, index redirects, sections. */
function toRouteObjects(routes: ScreenRoute[], base: string, parent: ScreenRoute | null): RouteObject[] {
  return routes.map((route) => {
    const fullPath = joinPath(base, route.path);
    const guard = (element: ReactNode) =>
      route.access ? <RequireAccess access={route.access as Access}>{element}</RequireAccess> : element;

    if (route.children) {
      const children = toRouteObjects(route.children, fullPath, route);
      if (route.redirectTo) {
        children.unshift({ index: true, element: <Navigate to={joinPath(fullPath, route.redirectTo)} replace /> });
      }
      const tabs = (
        <Suspense key={fullPath} fallback={<LoadingBar />}>
          <SectionTabs section={route} basePath={fullPath} />
        </Suspense>
      );
      return { path: route.path, element: guard(tabs), children };
    }
    const element = guard(screenElement(route, parent));
    return route.path ? { path: route.path, element } : { index: true, element };
  });
}

/** Inside a tabbed section the section shows the h1; elsewhere a child's heading names its parent too. */
function screenElement(route: ScreenRoute, parent: ScreenRoute | null) {
  if (parent && isTabbedSection(parent)) {
    return (
      <RouteScreen route={route} title={route.title} documentTitle={`${parent.title} · ${route.title}`} level="h2" />
    );
  }
  const title = parent && parent.title !== route.title ? `${parent.title}: ${route.title}` : route.title;
  return <RouteScreen route={route} title={title} />;
}

function guestRouteObjects(): RouteObject[] {
  return GUEST_ROUTES.map((route) => ({
    path: `/${route.path}`,
    element: (
      <GuestLayout>
        <RouteScreen route={route} title={route.title} />
      </GuestLayout>
    ),
  }));
}

export function buildRoutes(): RouteObject[] {
  return [
    {
      element: <Shell />,
      errorElement: <RouteErrorScreen />,
      children: [
        ...guestRouteObjects(),
        {
          path: '/',
          element: <SignedInFrame />,
          children: [
            { index: true, element: <Navigate to={DEFAULT_ROUTE} replace /> },
            ...toRouteObjects(SCREEN_ROUTES, '', null),
            ...LEGACY_REDIRECTS.map(({ path, to }) => ({ path, element: <Navigate to={to} replace /> })),
          ],
        },
        { path: '*', element: <CatchAll /> },
      ],
    },
  ];
}

export function createAppRouter() {
  const router = createBrowserRouter(buildRoutes());
  setNavigator((path) => void router.navigate(path, { replace: true }));
  return router;
}
