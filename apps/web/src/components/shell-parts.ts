/**
 * The root shell's parts that act only on an event: the notification area (a message), the connection-lost overlay
 * and its reconnect ping. The shell loads each when it is first wanted, so the sign-in page does not load them up front (issue 11,
 * console speed). A lost connection could not fetch the part that says so, hence preloadShellParts: what talks to
 * the server (the signed-in frame, the guest screens with queries, the sign-in form once typed in) calls it while
 * the server is still reachable.
 */
export const loadNotifications = () => import('./Notifications.tsx').then((module) => module.Notifications);
export const loadConnectionOverlay = () => import('./ConnectionOverlay.tsx').then((module) => module.ConnectionOverlay);

/** The reconnect ping (spec 9), which runs while the connection is lost. */
export const loadReconnectPing = () => import('../lib/connection.ts').then((module) => module.startReconnectPing);

export function preloadShellParts(): void {
  for (const load of [loadNotifications, loadConnectionOverlay, loadReconnectPing]) load().catch(() => undefined);
}
