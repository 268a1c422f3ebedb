import { settingsEndpoints } from '@mailwright/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from './api.ts';

/** How customers connect, and (for operators) system mail's state: GET /api/settings, shared by several screens. */
export function useServerSettings() {
  return useQuery({ queryKey: ['settings'], queryFn: () => api(settingsEndpoints.get), staleTime: 60_000 });
}
