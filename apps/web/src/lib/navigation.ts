/**
 * Lets code outside React (the API client, the connection watcher) move the router. The app registers the router's
 * navigate at start; until then a full page load does the job.
 */
type Navigate = (path: string) => void;

let navigateImpl: Navigate = (path) => window.location.assign(path);

export function setNavigator(navigate: Navigate): void {
  navigateImpl = navigate;
}

export function navigateTo(path: string): void {
  navigateImpl(path);
}

export function currentPath(): string {
  return window.location.pathname + window.location.search;
}
