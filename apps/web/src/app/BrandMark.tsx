import MailIcon from '@mui/icons-material/Mail';
import Box from '@mui/material/Box';

/** The product mark: an amber tile with an envelope. */
export function BrandMark() {
  return (
    <Box
      aria-hidden
      sx={{
        width: 32,
        height: 32,
        borderRadius: 1.5,
        display: 'grid',
        placeItems: 'center',
        bgcolor: 'primary.main',
        color: 'primary.contrastText',
        flexShrink: 0,
      }}
    >
      <MailIcon fontSize="small" />
    </Box>
  );
}
