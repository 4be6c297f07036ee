import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlined';
import { useTranslation } from 'react-i18next';
import { isClientErrorCode, toConsoleApiError } from '../lib/api';
import type { ConsoleApiError } from '../lib/api';
import { detailLines } from './error-details';

export interface ErrorAlertProps {
  error: unknown;
  /** Replaces the heading that names the error code, where the context says it better. */
  title?: string;
  onRetry?: () => void;
  /** `inline`: an icon with the same text in a tooltip, for places too small for an alert. */
  variant?: 'block' | 'inline';
}

function useErrorText(error: ConsoleApiError, title: string | undefined) {
  const { t } = useTranslation();
  const heading = title ?? t(`errors.codes.${error.code}`);
  // The server's message is written for people; a client-made one is technical, so it follows a hint.
  const clientMade = isClientErrorCode(error.code);
  const body = clientMade ? t(`errors.hints.${error.code}`) : error.message;
  const technical = clientMade ? error.message : undefined;
  const requestId = error.requestId ? t('errors.requestId', { requestId: error.requestId }) : undefined;
  return { heading, body, technical, requestId };
}

/** The one component that shows a failure (DESIGN.md convention 3). */
export function ErrorAlert({ error, title, onRetry, variant = 'block' }: ErrorAlertProps) {
  const { t } = useTranslation();
  const apiError = toConsoleApiError(error);
  const { heading, body, technical, requestId } = useErrorText(apiError, title);

  if (variant === 'inline') {
    return (
      <Tooltip title={`${heading}: ${body}`}>
        <ErrorOutlineIcon color="error" fontSize="small" titleAccess={`${heading}: ${body}`} />
      </Tooltip>
    );
  }

  const lines = detailLines(apiError.details);
  return (
    <Alert
      severity="error"
      action={
        onRetry ? (
          <Button color="inherit" size="small" onClick={onRetry}>
            {t('common.retry')}
          </Button>
        ) : undefined
      }
    >
      <AlertTitle>{heading}</AlertTitle>
      <Typography variant="body2">{body}</Typography>
      {lines.length > 0 && (
        <ul>
          {lines.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      )}
      {technical && (
        <Typography variant="caption" component="p" sx={{ fontFamily: 'monospace' }}>
          {technical}
        </Typography>
      )}
      {requestId && (
        <Typography variant="caption" component="p">
          {requestId}
        </Typography>
      )}
    </Alert>
  );
}
