import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlined';
import { useTranslation } from 'react-i18next';
import { isClientErrorCode, toConsoleApiError } from '../lib/api';
import type { ConsoleApiError } from '../lib/api';
import { useIssueText } from './issue-text';
import { SupportDetails } from './SupportDetails';

export interface ErrorAlertProps {
  error: unknown;
  /** Replaces the heading that names the error code, where the context says it better. */
  title?: string;
  onRetry?: () => void;
  /** `inline`: an icon with the same text in a tooltip, for places too small for an alert. */
  variant?: 'block' | 'inline';
}

/**
 * The heading names the kind of error; the lines say what to do, once each, in the reader's
 * language: validation issues from their code and parameters, a client-made failure from a hint.
 * Only a server message without a code is shown as the server wrote it.
 */
function useErrorText(error: ConsoleApiError, title: string | undefined) {
  const { t } = useTranslation();
  const issueLines = useIssueText();
  const heading = title ?? t(`errors.codes.${error.code}`);
  const clientMade = isClientErrorCode(error.code);
  const issues = clientMade ? [] : issueLines(error.details);
  const lines = clientMade
    ? [t(`errors.hints.${error.code}`)]
    : issues.length > 0
      ? issues
      : [issueLines.sentence(error.message)];
  const technical = clientMade ? error.message : undefined;
  return { heading, lines, technical };
}

/** The one component that shows a failure (DESIGN.md convention 3). */
export function ErrorAlert({ error, title, onRetry, variant = 'block' }: ErrorAlertProps) {
  const { t } = useTranslation();
  const apiError = toConsoleApiError(error);
  const { heading, lines, technical } = useErrorText(apiError, title);

  if (variant === 'inline') {
    const text = `${heading}: ${lines.join(' ')}`;
    return (
      <Tooltip title={text}>
        <ErrorOutlineIcon color="error" fontSize="small" titleAccess={text} />
      </Tooltip>
    );
  }

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
      {lines.length === 1 ? (
        <Typography variant="body2">{lines[0]}</Typography>
      ) : (
        <Typography variant="body2" component="ul" sx={{ m: 0, pl: 2.5 }}>
          {lines.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </Typography>
      )}
      <SupportDetails requestId={apiError.requestId} technical={technical} />
    </Alert>
  );
}
