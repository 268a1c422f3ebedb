import type { Access } from '@mailwright/contract';
import type { ReactNode } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { setNavigator } from '../lib/navigation.ts';
import { GuestLayout } from './GuestLayout.tsx';
import { RequireAccess, RequireSession } from './guards.tsx';
import { Layout } from './Layout.tsx';
import { NotFoundScreen } from './NotFoundScreen.tsx';
import { RouteErrorScreen } from './RouteErrorScreen.tsx';
import { RouteScreen } from './RouteScreen.tsx';
import { DEFAULT_ROUTE, GUEST_ROUTES, LEGACY_REDIRECTS, SCREEN_ROUTES, type ScreenRoute } from './routes.tsx';
import { isTabbedSection, SectionTabs } from './SectionTabs.tsx';
import { Shell } from './Shell.tsx';

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
      return { path: route.path, element: guard(<SectionTabs section={route} basePath={fullPath} />), children };
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
          element: (
            <RequireSession>
              <Layout />
            </RequireSession>
          ),
          children: [
            { index: true, element: <Navigate to={DEFAULT_ROUTE} replace /> },
            ...toRouteObjects(SCREEN_ROUTES, '', null),
            ...LEGACY_REDIRECTS.map(({ path, to }) => ({ path, element: <Navigate to={to} replace /> })),
          ],
        },
        {
          path: '*',
          element: (
            <GuestLayout>
              <NotFoundScreen />
            </GuestLayout>
          ),
        },
      ],
    },
  ];
}

export function createAppRouter() {
  const router = createBrowserRouter(buildRoutes());
  setNavigator((path) => void router.navigate(path, { replace: true }));
  return router;
}
