import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

interface PlaceholderScreenProps {
  title: string;
  /** What brings this screen, e.g. "the suppressions feature". */
  arrivesWith: string;
}

/** An honest empty screen for a route whose feature is not built yet: its title and what will fill it, no data. */
export function PlaceholderScreen({ title, arrivesWith }: PlaceholderScreenProps) {
  return (
    <Box component="section" aria-labelledby="screen-title">
      <Typography id="screen-title" variant="h5" component="h1" sx={{ mb: 2 }}>
        {title}
      </Typography>
      <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 }, color: 'text.secondary' }}>
        <Typography>This screen arrives with {arrivesWith}.</Typography>
      </Paper>
    </Box>
  );
}
