import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

export interface UnavailablePageProps {
  title: string;
  message: string;
  planned: string;
}

/** An area the console does not have yet, said plainly rather than shown with invented data. */
export function UnavailablePage({ title, message, planned }: UnavailablePageProps) {
  return (
    <Box sx={{ p: 3, maxWidth: 720 }}>
      <Typography variant="h5" component="h1" gutterBottom>
        {title}
      </Typography>
      <Alert severity="info">
        <Typography variant="body1">{message}</Typography>
        <Typography variant="body2" sx={{ mt: 1 }}>
          {planned}
        </Typography>
      </Alert>
    </Box>
  );
}
