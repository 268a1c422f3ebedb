import { type DataLocation, extrasEndpoints } from '@mailwright/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from './api.ts';
import { queryClient } from './query-client.ts';

/** Under the ['domains'] prefix: a domain's vetting changes a location's usage, and domain changes re-fetch these. */
export const DATA_LOCATIONS_KEY = ['domains', 'data-locations'] as const;

const fetchLocations = (signal?: AbortSignal) =>
  api(extrasEndpoints.locations, { signal }).then((answer): DataLocation[] => answer.items);

/** Spec 6: a non-partner session loads the data locations at start (app-data.ts). */
export function loadDataLocations(): Promise<DataLocation[]> {
  return queryClient.fetchQuery({ queryKey: DATA_LOCATIONS_KEY, queryFn: ({ signal }) => fetchLocations(signal) });
}

/** The operator's data locations (name, code, usage), from the start-up load when there was one. */
export function useDataLocations() {
  return useQuery({ queryKey: DATA_LOCATIONS_KEY, queryFn: ({ signal }) => fetchLocations(signal) });
}
