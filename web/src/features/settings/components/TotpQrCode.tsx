import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

type Drawn = { uri: string; src: string } | { uri: string; failed: true };

/**
 * The otpauth URI as a QR code. The QR library is loaded only when someone sets up two-step
 * sign-in, so it stays out of the console's initial download; it draws SVG, shown as an image.
 */
export function TotpQrCode({ uri }: { uri: string }) {
  const { t } = useTranslation();
  const [drawn, setDrawn] = useState<Drawn>();

  useEffect(() => {
    let current = true;
    import('qrcode')
      // A CommonJS module: the bundle exposes it as the default export, Node as named ones.
      .then((mod) =>
        (mod.default ?? mod).toString(uri, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' }),
      )
      .then((svg) => {
        if (current) setDrawn({ uri, src: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}` });
      })
      .catch(() => {
        if (current) setDrawn({ uri, failed: true });
      });
    return () => {
      current = false;
    };
  }, [uri]);

  if (drawn?.uri === uri && 'failed' in drawn) {
    return <Typography color="warning">{t('settings.security.qrFailed')}</Typography>;
  }
  return (
    <Box sx={{ width: 192, height: 192, bgcolor: 'common.white', borderRadius: 1 }}>
      {drawn?.uri === uri && 'src' in drawn && (
        <img src={drawn.src} alt={t('settings.security.qrAlt')} width={192} height={192} />
      )}
    </Box>
  );
}
