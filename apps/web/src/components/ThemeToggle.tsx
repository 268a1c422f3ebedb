import DarkModeIcon from '@mui/icons-material/DarkMode';
import LightModeIcon from '@mui/icons-material/LightMode';
import IconButton from '@mui/material/IconButton';
import { setTheme, useAppState } from '../lib/store.ts';
import { LazyTooltip } from './LazyTooltip.tsx';

/**
 * Switches between the dark and the light theme; the choice is kept in localStorage `active_theme`. Its tooltip is
 * loaded on first hover or keyboard focus on the guest pages; `eagerTooltip` where the page has Tooltip anyway.
 */
export function ThemeToggle({ eagerTooltip = false }: { eagerTooltip?: boolean }) {
  const theme = useAppState((s) => s.theme);
  const next = theme === 'dark' ? 'light' : 'dark';
  const label = `Switch to ${next} theme`;
  return (
    <LazyTooltip title={label} eager={eagerTooltip}>
      <IconButton color="inherit" aria-label={label} onClick={() => setTheme(next)}>
        {theme === 'dark' ? <LightModeIcon /> : <DarkModeIcon />}
      </IconButton>
    </LazyTooltip>
  );
}
