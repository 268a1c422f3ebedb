import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

interface PlaceholderScreenProps {
  title: string;
  /** What brings this screen, e.g. "the suppressions feature". */
  arrivesWith: string;
  /** h2 inside a section that already shows its own h1 title. */
  level?: 'h1' | 'h2';
}

/** An honest empty screen for a route whose feature is not built yet: its title and what will fill it, no data. */
export function PlaceholderScreen({ title, arrivesWith, level = 'h1' }: PlaceholderScreenProps) {
  return (
    <Box component="section" aria-labelledby="screen-title">
      <Typography id="screen-title" variant={level === 'h1' ? 'h5' : 'h6'} component={level} sx={{ mb: 2 }}>
        {title}
      </Typography>
      <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 }, color: 'text.secondary' }}>
        <Typography>This screen arrives with {arrivesWith}.</Typography>
      </Paper>
    </Box>
  );
}
