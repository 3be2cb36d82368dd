import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';

export function App() {
  return (
    <Box
      component="main"
      sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', textAlign: 'center', p: 3 }}
    >
      <Box>
        <Typography variant="h2" component="h1" sx={{ fontWeight: 800 }}>
          Bops AI <Chip label="BETA" color="primary" size="small" sx={{ verticalAlign: 'middle' }} />
        </Typography>
        <Typography variant="h5" color="text.secondary" sx={{ mt: 2 }}>
          Make your own Bops
        </Typography>
      </Box>
    </Box>
  );
}
