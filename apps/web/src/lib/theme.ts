import { BREAKPOINTS, type ThemeName } from '@mailwright/contract';
import { createTheme, type Theme } from '@mui/material/styles';

/** The spec's extra colours (9): foreground, tint, accent and surface on both themes; link and dark variants on light. */
interface BrandColors {
  foreground: string;
  tint: string;
  accent: string;
  surface: string;
  link?: string;
  primaryDark?: string;
  successDark?: string;
}

declare module '@mui/material/styles' {
  interface Palette {
    brand: BrandColors;
  }
  interface PaletteOptions {
    brand?: BrandColors;
  }
  interface BreakpointOverrides {
    xxl: true;
  }
}

// Amber primary and tint, red accent, pink-red error, green success (spec 9).
const PALETTES = {
  dark: {
    background: '#121417',
    foreground: '#e8eaed',
    surface: '#1c1f24',
    primary: '#ffb300',
    tint: '#ffc107',
    accent: '#e53935',
    error: '#ff4f79',
    success: '#4caf50',
    info: '#4fc3f7',
  },
  light: {
    background: '#f4f5f7',
    foreground: '#1d2026',
    surface: '#ffffff',
    primary: '#ffa000',
    primaryDark: '#c67100',
    tint: '#ffca28',
    accent: '#d32f2f',
    error: '#e0245e',
    success: '#2e7d32',
    successDark: '#1b5e20',
    info: '#0277bd',
    link: '#1565c0',
  },
} as const;

export function createAppTheme(name: ThemeName): Theme {
  const isDark = name === 'dark';
  const colors = isDark ? PALETTES.dark : PALETTES.light;
  const brand: BrandColors = {
    foreground: colors.foreground,
    tint: colors.tint,
    accent: colors.accent,
    surface: colors.surface,
  };
  if (!isDark) {
    brand.link = PALETTES.light.link;
    brand.primaryDark = PALETTES.light.primaryDark;
    brand.successDark = PALETTES.light.successDark;
  }
  return createTheme({
    breakpoints: { values: BREAKPOINTS },
    palette: {
      mode: name,
      primary: isDark ? { main: colors.primary } : { main: colors.primary, dark: PALETTES.light.primaryDark },
      secondary: { main: colors.accent },
      error: { main: colors.error },
      success: isDark ? { main: colors.success } : { main: colors.success, dark: PALETTES.light.successDark },
      info: { main: colors.info },
      background: { default: colors.background, paper: colors.surface },
      text: { primary: colors.foreground },
      brand,
    },
    shape: { borderRadius: 8 },
    typography: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif' },
    components: {
      MuiLink: { styleOverrides: { root: isDark ? {} : { color: PALETTES.light.link } } },
      MuiAppBar: { defaultProps: { elevation: 0, color: 'default' } },
      // Amber text on white is hard to read: the light theme's selected tab uses the dark amber.
      MuiTab: { styleOverrides: { root: isDark ? {} : { '&.Mui-selected': { color: PALETTES.light.primaryDark } } } },
    },
  });
}
