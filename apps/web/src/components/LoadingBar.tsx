import Box from '@mui/material/Box';
import { keyframes } from '@mui/material/styles';

const slide = keyframes`
  from { transform: translateX(-100%); }
  to { transform: translateX(250%); }
`;

/**
 * The bar shown while a screen's code loads. It looks like MUI's indeterminate LinearProgress but is a few lines of
 * CSS: it sits on the sign-in page's path, where every kilobyte counts against the 150 KB budget.
 */
export function LoadingBar() {
  return (
    <Box
      role="progressbar"
      aria-label="Loading"
      sx={{ position: 'relative', height: 4, overflow: 'hidden', bgcolor: 'action.hover' }}
    >
      <Box
        sx={{
          position: 'absolute',
          inset: 0,
          width: '40%',
          bgcolor: 'primary.main',
          animation: `${slide} 1.4s ease-in-out infinite`,
          '@media (prefers-reduced-motion: reduce)': { animation: 'none', width: '100%', opacity: 0.5 },
        }}
      />
    </Box>
  );
}
