import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

export function ChooseClassHint() {
  const { t } = useTranslation();
  return (
    <Box sx={{ p: 3 }}>
      <Typography color="text.secondary">{t('data.chooseClass')}</Typography>
    </Box>
  );
}
