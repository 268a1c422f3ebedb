import type { Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';

/** Spec 9: the mobile layout applies below the lg breakpoint (1280). */
export function useIsMobile(): boolean {
  return useMediaQuery((theme: Theme) => theme.breakpoints.down('lg'));
}

/** Spec 2: small-and-down screens (below md, 960) get the mini sidebar. */
export function useIsSmall(): boolean {
  return useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
}
